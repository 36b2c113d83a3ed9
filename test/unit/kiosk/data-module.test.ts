/**
 * The kiosk's data module (D-043): SQL and the database handle live in main/store only. Every
 * other module of main/ uses the store's methods and repositories, so transactions stay where the
 * durability argument puts them (docs/kiosk-core.md, "Durability"; docs/kiosk-sync.md).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KioskStore } from '../../../main/store/kiosk-store.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DATA_MODULE = `main${sep}store${sep}`;

/** What no file outside the data module may do, with the reason a reviewer is given. */
const FORBIDDEN: readonly { readonly pattern: RegExp; readonly what: string }[] = [
  { pattern: /from\s+['"]better-sqlite3['"]|require\(\s*['"]better-sqlite3['"]\s*\)|import\(\s*['"]better-sqlite3['"]\s*\)/, what: 'imports better-sqlite3' },
  { pattern: /from\s+['"][^'"]*\/store\/database(\.ts)?['"]/, what: 'imports the database opener (main/store/database.ts)' },
  { pattern: /\.prepare\s*\(/, what: 'prepares SQL' },
  { pattern: /\.pragma\s*\(/, what: 'runs a pragma' },
  { pattern: /\bstore\.db\b|\.db\.transaction\s*\(/, what: 'reaches for a database handle' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every breach in one source text: the rule it breaks and the line. */
function breaches(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const rule of FORBIDDEN) if (rule.pattern.test(line)) found.push(`line ${i + 1} ${rule.what}`);
  });
  return found;
}

describe('the kiosk data module', () => {
  it('is the only place in main/ and renderer/ with SQL, better-sqlite3 or a database handle', () => {
    const offenders = ['main', 'renderer']
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith(DATA_MODULE))
      .flatMap((file) => breaches(readFileSync(join(ROOT, file), 'utf8')).map((breach) => `${file}: ${breach}`));
    expect(offenders).toEqual([]);
  });

  it('the scan catches each kind of breach', () => {
    expect(breaches("import Database from 'better-sqlite3';")).toHaveLength(1);
    expect(breaches("import type { Db } from '../store/database.ts';")).toHaveLength(1);
    expect(breaches("const rows = handle.prepare('SELECT 1').all();")).toHaveLength(1);
    expect(breaches("x.pragma('quick_check')")).toHaveLength(1);
    expect(breaches('this.parts.store.db.transaction(() => {})')).toHaveLength(1);
    expect(breaches('store.outbox.get(id)')).toEqual([]);
  });

  it('exposes no database handle: not on the store, not on its repositories', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-data-module-'));
    const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'none' });
    try {
      const reachable = [store, ...Object.values(store)].flatMap((value: unknown) =>
        value !== null && typeof value === 'object' ? [value, ...Object.values(value)] : [value],
      );
      expect(reachable.filter((value) => value instanceof Database)).toEqual([]);
      expect(Object.keys(store)).not.toContain('db');
      expect(Object.keys(store.outbox)).toEqual([]);
    } finally {
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
