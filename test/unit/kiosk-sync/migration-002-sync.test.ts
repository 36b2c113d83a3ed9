import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { migrate } from '../../../main/store/database.ts';
import { migration001 } from '../../../main/store/migrations/001-capture-store.ts';
import { migration002 } from '../../../main/store/migrations/002-sync.ts';
import { migrations } from '../../../main/store/migrations/index.ts';
import { confirmedSession, tempStore } from './helpers.ts';

describe('migration 002 (sync)', () => {
  it('adds the outbox, uploads, customer registrations, settings and catalogue tables at user_version 2, once', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, [migration001, migration002])).toBe(2);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    for (const t of ['sync_jobs', 'sync_uploads', 'user_sync', 'kiosk_settings', 'catalogue_items', 'catalogue_meta', 'platform_deletions']) expect(tables).toContain(t);
    expect(migrate(db, [migration001, migration002])).toBe(2);
    // Later migrations (003 face outlines, ...) follow 002 in the list.
    expect(migrations.slice(0, 2).map((m) => m.version)).toEqual([1, 2]);
    db.close();
  });

  it("refuses an unknown stage, and its rows cascade when a customer's data is deleted", async () => {
    const { store, cleanup } = await tempStore();
    try {
      const { sessionId, customerId } = await confirmedSession(store);
      const now = Date.now();
      const capture = store.listCaptures(sessionId)[0]!;
      withKioskDb(
        store.dataDir,
        (db) => {
          db.prepare("INSERT INTO sync_jobs (session_id, stage, api_code, algorithm_variant, next_attempt_at, created_at, updated_at) VALUES (?, 'upload', 'online_skin', 'all_race_v2', ?, ?, ?)").run(sessionId, now, now, now);
          db.prepare('INSERT INTO sync_uploads (capture_id, session_id, resource_url) VALUES (?, ?, ?)').run(capture.id, sessionId, 'http://x');
          db.prepare('INSERT INTO user_sync (customer_id, next_attempt_at, updated_at) VALUES (?, ?, ?)').run(customerId, now, now);
          expect(() => db.prepare("UPDATE sync_jobs SET stage = 'lost' WHERE session_id = ?").run(sessionId)).toThrow(/CHECK/);
        },
        { write: true },
      );
      await store.deleteCustomerData(customerId);
      withKioskDb(store.dataDir, (db) => {
        for (const t of ['sync_jobs', 'sync_uploads', 'user_sync']) expect((db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n).toBe(0);
        expect(db.pragma('foreign_key_check')).toEqual([]);
      });
    } finally {
      cleanup();
    }
  });
});
