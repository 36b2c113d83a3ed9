/**
 * Read-only looks into the running kiosk's SQLite file: what main really holds after a screen
 * action (a staff retry, a deletion), not what the screen says it did. WAL mode lets a reader in
 * beside the kiosk's writer.
 */
import type Database from 'better-sqlite3';
import { withKioskDb } from '../../helpers/kiosk-db.ts';

export function readKioskDb<T>(dataDir: string, read: (db: Database.Database) => T): T {
  return withKioskDb(dataDir, read);
}

/** The outbox row of a session (main/store/outbox.ts), or undefined. */
export function syncJob(dataDir: string, sessionId: string): { stage: string; generation: number; error_code: string | null; waiting: string | null } | undefined {
  return readKioskDb(dataDir, (db) => db.prepare('SELECT stage, generation, error_code, waiting FROM sync_jobs WHERE session_id = ?').get(sessionId) as never);
}
