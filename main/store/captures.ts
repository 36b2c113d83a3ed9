/** Capture rows: one per (session, view, light); a retake replaces the row in one transaction. */
import { join } from 'node:path';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { Db } from './database.ts';
import { openSession } from './sessions.ts';
import type { CaptureIntegrity, CaptureRecord } from './types.ts';

export interface CaptureRow {
  id: string;
  session_id: string;
  view: View;
  light: LightSource;
  file_path: string;
  sha256: string;
  width: number;
  height: number;
  bytes: number;
  captured_at: number;
  integrity: CaptureIntegrity;
  synced_at: number | null;
}

/** Where a capture's file lives, relative to the captures directory. Unique per capture id. */
export function relativeCapturePath(sessionId: string, view: View, light: LightSource, captureId: string): string {
  return `${sessionId}/${view}-${light}-${captureId}.jpg`;
}

export function absoluteCapturePath(root: string, filePath: string): string {
  return join(root, ...filePath.split('/'));
}

export interface CommittedCapture {
  readonly row: CaptureRow;
  /** The file of the row this one replaced (a retake), to unlink after the commit. */
  readonly replacedFile: string | null;
}

/**
 * Records a capture whose file is already durable, and touches its session, in one transaction.
 * The old row of the same (session, view, light) is deleted in the same transaction, so readers
 * see the old image or the new one, never both or neither.
 */
export function commitCapture(db: Db, row: Omit<CaptureRow, 'integrity' | 'synced_at'>): CommittedCapture {
  return db
    .transaction(() => {
      openSession(db, row.session_id);
      const old = db.prepare('SELECT file_path FROM captures WHERE session_id = ? AND view = ? AND light = ?').get(row.session_id, row.view, row.light) as
        | { file_path: string }
        | undefined;
      if (old) db.prepare('DELETE FROM captures WHERE session_id = ? AND view = ? AND light = ?').run(row.session_id, row.view, row.light);
      db.prepare(
        `INSERT INTO captures (id, session_id, view, light, file_path, sha256, width, height, bytes, captured_at)
         VALUES (@id, @session_id, @view, @light, @file_path, @sha256, @width, @height, @bytes, @captured_at)`,
      ).run(row);
      db.prepare("UPDATE sessions SET state = 'capturing', updated_at = ? WHERE id = ?").run(row.captured_at, row.session_id);
      return { row: { ...row, integrity: 'ok' as const, synced_at: null }, replacedFile: old?.file_path ?? null };
    })
    .immediate();
}

export function listCaptureRows(db: Db, sessionId: string): CaptureRow[] {
  return db.prepare('SELECT * FROM captures WHERE session_id = ? ORDER BY captured_at, id').all(sessionId) as CaptureRow[];
}

export function toCaptureRecord(root: string, row: CaptureRow): CaptureRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    view: row.view,
    light: row.light,
    path: absoluteCapturePath(root, row.file_path),
    filePath: row.file_path,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    capturedAt: row.captured_at,
    integrity: row.integrity,
    syncedAt: row.synced_at,
  };
}

/** Deletes every capture row of a session; answers the files to unlink once committed. */
export function deleteSessionCaptureRows(db: Db, sessionId: string): string[] {
  const files = (db.prepare('SELECT file_path FROM captures WHERE session_id = ?').all(sessionId) as { file_path: string }[]).map((r) => r.file_path);
  db.prepare('DELETE FROM captures WHERE session_id = ?').run(sessionId);
  return files;
}
