/** Read-only looks into a platform child's SQLite database: what the platform really holds. */
import Database from 'better-sqlite3';
import { join } from 'node:path';

export function platformDb(dataDir: string): Database.Database {
  const db = new Database(join(dataDir, 'platform.sqlite'), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Tasks per idempotency key for these sessions (keys are `kiosk-<session id>-<generation>`). */
export function tasksBySession(dataDir: string): Map<string, { keys: string[]; tasks: number }> {
  const db = platformDb(dataDir);
  try {
    const rows = db.prepare("SELECT idempotency_key AS key, COUNT(*) AS n FROM tasks WHERE idempotency_key LIKE 'kiosk-%' GROUP BY idempotency_key").all() as { key: string; n: number }[];
    const out = new Map<string, { keys: string[]; tasks: number }>();
    for (const row of rows) {
      const session = row.key.slice('kiosk-'.length).replace(/-\d+$/, '');
      const entry = out.get(session) ?? { keys: [], tasks: 0 };
      entry.keys.push(row.key);
      entry.tasks += row.n;
      out.set(session, entry);
    }
    return out;
  } finally {
    db.close();
  }
}
