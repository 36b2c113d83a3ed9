/**
 * Startup recovery (docs/kiosk-core.md, "Durability"): reconciles the captures directory with the
 * captures table after a crash at any instant. It runs before any capture is written, so every
 * file it sees is either referenced by a committed row or left over:
 * - `.tmp` files: a write interrupted before its rename -> removed;
 * - files no row references: written but not committed, or replaced/deleted rows whose unlink did
 *   not happen -> removed;
 * - rows whose file is missing or whose bytes no longer hash to the recorded sha256 -> flagged
 *   (`integrity`), never deleted: the sync engine must not upload them and staff may retake.
 */
import { readdir, rmdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { HashCheck } from '../config/store-config.ts';
import { absoluteCapturePath } from './captures.ts';
import type { CaptureRow } from './captures.ts';
import type { Db } from './database.ts';
import { TEMP_SUFFIX, sha256File } from '../../common/node/durable-file.ts';
import type { CaptureIntegrity } from './types.ts';

export interface RecoveryReport {
  /** Paths relative to the captures directory. */
  readonly tempFilesRemoved: readonly string[];
  readonly orphanFilesRemoved: readonly string[];
  /** Capture ids flagged in this pass. */
  readonly missing: readonly string[];
  readonly corrupt: readonly string[];
  /** Rows flagged earlier whose file is fine again (e.g. restored from a backup). */
  readonly restored: readonly string[];
}

export async function recoverCaptures(db: Db, root: string, hashCheck: HashCheck): Promise<RecoveryReport> {
  const rows = db.prepare('SELECT * FROM captures').all() as CaptureRow[];
  const referenced = new Set(rows.map((r) => r.file_path));
  const tempFilesRemoved: string[] = [];
  const orphanFilesRemoved: string[] = [];

  for (const dir of await entries(root)) {
    if (!dir.isDirectory()) {
      // Nothing but session directories belongs at the top level.
      await removeLeftover(root, dir.name, tempFilesRemoved, orphanFilesRemoved);
      continue;
    }
    const files = await entries(join(root, dir.name));
    let kept = 0;
    for (const file of files) {
      const relative = `${dir.name}/${file.name}`;
      if (file.isFile() && referenced.has(relative)) kept += 1;
      else await removeLeftover(root, relative, tempFilesRemoved, orphanFilesRemoved);
    }
    // An empty session directory is the trace of a deleted customer or session.
    if (kept === 0) await rmdir(join(root, dir.name)).catch(() => undefined);
  }

  const verdicts = new Map<string, CaptureIntegrity>();
  for (const row of rows) verdicts.set(row.id, await checkRow(root, row, hashCheck));
  const missing: string[] = [];
  const corrupt: string[] = [];
  const restored: string[] = [];
  const flag = db.prepare('UPDATE captures SET integrity = ? WHERE id = ?');
  db.transaction(() => {
    for (const row of rows) {
      const verdict = verdicts.get(row.id)!;
      if (verdict === row.integrity) continue;
      flag.run(verdict, row.id);
      if (verdict === 'missing') missing.push(row.id);
      else if (verdict === 'corrupt') corrupt.push(row.id);
      else restored.push(row.id);
    }
  }).immediate();
  return { tempFilesRemoved, orphanFilesRemoved, missing, corrupt, restored };
}

async function checkRow(root: string, row: CaptureRow, hashCheck: HashCheck): Promise<CaptureIntegrity> {
  const path = absoluteCapturePath(root, row.file_path);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return 'missing';
    size = info.size;
  } catch {
    return 'missing';
  }
  if (size !== row.bytes) return 'corrupt';
  const hash = hashCheck === 'all' || (hashCheck === 'unsynced' && row.synced_at === null);
  // Rows not re-hashed keep their verdict unless the size already showed a problem.
  if (!hash) return row.integrity === 'missing' ? 'ok' : row.integrity;
  return (await sha256File(path)) === row.sha256 ? 'ok' : 'corrupt';
}

async function removeLeftover(root: string, relative: string, temps: string[], orphans: string[]): Promise<void> {
  const path = join(root, ...relative.split('/'));
  try {
    await unlink(path);
  } catch {
    return; // a directory where a file belongs, or already gone: leave it to a technician
  }
  (relative.endsWith(TEMP_SUFFIX) ? temps : orphans).push(relative);
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
