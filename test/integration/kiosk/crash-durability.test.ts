import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openKioskDb } from '../../helpers/kiosk-db.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';

const WRITER = fileURLToPath(new URL('./capture-writer.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNS = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Acknowledged {
  readonly id: string;
  readonly slot: string;
  readonly sha256: string;
}

/** Starts the writer, lets it commit for `killAfterMs` past its first commit, then SIGKILLs it. */
function writeUntilKilled(killAfterMs: number): Promise<Acknowledged[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const acknowledged: Acknowledged[] = [];
    let buffer = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const [word, id, slot, sha256] = line.split(' ');
        if (word !== 'committed') continue;
        acknowledged.push({ id: id!, slot: slot!, sha256: sha256! });
        timer ??= setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`writer exited by itself (code ${code}): ${stderr}`));
    });
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name]));
}

describe('capture store under SIGKILL', () => {
  it(`keeps every acknowledged capture and a consistent store across ${RUNS} kills mid-write`, async () => {
    let total = 0;
    // Temp and orphan files the recovery removed: proof the kills landed mid-write, not only between captures.
    let leftovers = 0;
    for (let run = 0; run < RUNS; run++) {
      const acknowledged = await writeUntilKilled(20 + Math.floor(Math.random() * 200));
      expect(acknowledged.length).toBeGreaterThan(0);
      total += acknowledged.length;

      const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'all' });
      // A second connection, as the kiosk's own handle is private to main/store (D-043).
      const db = openKioskDb(dataDir);
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        const rows = db.prepare('SELECT id, session_id, view, light, file_path, sha256, integrity FROM captures').all() as {
          id: string;
          session_id: string;
          view: string;
          light: string;
          file_path: string;
          sha256: string;
          integrity: string;
        }[];
        // Every committed row has its file, with the recorded hash.
        for (const row of rows) {
          const bytes = readFileSync(join(store.capturesDir, ...row.file_path.split('/')));
          expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
          expect(row.integrity).toBe('ok');
        }
        leftovers += store.recovery.tempFilesRemoved.length + store.recovery.orphanFilesRemoved.length;
        expect(store.recovery.missing).toEqual([]);
        expect(store.recovery.corrupt).toEqual([]);
        // After recovery: no temp files, no orphans; exactly one file per row.
        expect(filesUnder(store.capturesDir).sort()).toEqual(rows.map((r) => r.file_path).sort());
        // Durability: the last acknowledged capture of each slot is there, unless a later one
        // (committed, not yet printed when the kill came) replaced it.
        const lastBySlot = new Map(acknowledged.map((a) => [a.slot, a]));
        const bySlot = new Map(rows.map((r) => [`${r.session_id}/${r.view}/${r.light}`, r]));
        for (const [slot, ack] of lastBySlot) {
          const row = bySlot.get(slot);
          expect(row, `slot ${slot}`).toBeDefined();
          if (row!.id !== ack.id) expect(row!.id > ack.id).toBe(true);
        }
        // Sessions and captures agree: no capture without its session row (foreign_key_check above)
        // and every session touched by a capture is in the capturing state.
        const states = db.prepare('SELECT DISTINCT s.state FROM sessions s JOIN captures c ON c.session_id = s.id').all() as { state: string }[];
        expect(states.map((s) => s.state)).toEqual(['capturing']);
      } finally {
        db.close();
        store.close();
      }
    }
    expect(total).toBeGreaterThan(RUNS);
    expect(leftovers).toBeGreaterThan(0);
  }, 80_000);
});
