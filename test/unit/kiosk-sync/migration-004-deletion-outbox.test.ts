import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { deletionRequestSchema } from '../../../protocol/device-sync/deletions.ts';
import { migrate } from '../../../main/store/database.ts';
import { migrations } from '../../../main/store/migrations/index.ts';
import { DeletionRepository } from '../../../main/store/deletions.ts';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { confirmedSession, tempStore } from './helpers.ts';

describe('migration 004 (deletion outbox)', () => {
  it('turns the recorded deletions of earlier versions into sendable requests, once', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const before = migrations.filter((m) => m.version < 4);
    migrate(db, before);
    db.prepare("INSERT INTO platform_deletions (kind, client_id, platform_user_id, requested_at) VALUES ('customer', 'cust-0001', 7, 1000), ('session', 'sess-0001', NULL, 2000)").run();
    expect(migrate(db, migrations)).toBe(migrations.at(-1)!.version);
    const rows = db.prepare('SELECT kind, request, attempts, next_attempt_at FROM platform_deletions ORDER BY id').all() as { kind: string; request: string; attempts: number; next_attempt_at: number }[];
    expect(rows.map((r) => deletionRequestSchema.parse(JSON.parse(r.request)))).toEqual([
      { client_user_id: 'cust-0001', client_report_ids: [], task_ids: [], resource_urls: [] },
      { client_report_ids: ['sess-0001'], task_ids: [], resource_urls: [] },
    ]);
    // Due at once: they waited for an API that now exists.
    expect(rows.every((r) => r.attempts === 0 && r.next_attempt_at === 0)).toBe(true);
    expect(new DeletionRepository(db).nextDue(1)?.client_id).toBe('cust-0001');
    db.close();
  });

  it("queues a customer's platform deletion with what their sessions left there, in the deleting transaction", async () => {
    const { store, cleanup } = await tempStore();
    try {
      const { sessionId, customerId } = await confirmedSession(store);
      const now = Date.now();
      const capture = store.listCaptures(sessionId)[0]!;
      withKioskDb(
        store.dataDir,
        (db) => {
          db.prepare("INSERT INTO sync_jobs (session_id, stage, api_code, algorithm_variant, task_id, next_attempt_at, created_at, updated_at) VALUES (?, 'poll', 'online_skin', 'all_race_v2', 'task-1', ?, ?, ?)").run(sessionId, now, now, now);
          db.prepare('INSERT INTO sync_uploads (capture_id, session_id, resource_url) VALUES (?, ?, ?)').run(capture.id, sessionId, 'http://p/skin_api/file/resource/k1.jpg');
        },
        { write: true },
      );
      // A session of someone else is not part of it.
      expect(await store.deleteSessionData('not-a-session')).toBe(false);

      await store.deleteCustomerData(customerId);
      expect(store.deletions.pending()).toBe(1);
      const row = store.deletions.nextDue(Date.now())!;
      expect(row).toMatchObject({ kind: 'customer', client_id: customerId, attempts: 0 });
      expect(JSON.parse(row.request)).toEqual({ client_user_id: customerId, client_report_ids: [sessionId], task_ids: ['task-1'], resource_urls: ['http://p/skin_api/file/resource/k1.jpg'] });
      // The sync rows it was built from are gone with the customer; the request stays.
      expect(withKioskDb(store.dataDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM sync_jobs').get() as { n: number }).n).toBe(0);
    } finally {
      cleanup();
    }
  });
});
