/**
 * Staff tools (kiosk API listSessions, retrySync, deleteSession, deleteCustomer). Deletion on
 * request removes rows first (one transaction, sync rows cascade), then files, like the store's
 * customer deletion (docs/kiosk-core.md, "Retention and deletion"). In the same transaction the
 * platform's copy is queued in platform_deletions, which the sync engine drains through the
 * device sync API (main/sync/deletions.ts), offline-safe and across restarts.
 */
import { rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { KioskOutput } from '../kiosk-api/types.ts';
import { absoluteCapturePath } from '../store/captures.ts';
import { deleteCustomerRows } from '../store/customers.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import { pendingDeletions, queueCustomerDeletion, queueSessionDeletion } from '../sync/deletions.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { describeSync, failureMessage } from '../sync/progress.ts';
import { notFound } from './errors.ts';
import { localDate } from './reports.ts';

export class Admin {
  constructor(
    private readonly store: KioskStore,
    private readonly engine: SyncEngine,
    private readonly now: () => number = Date.now,
  ) {}

  listSessions(day?: string): KioskOutput<'listSessions'> {
    const wanted = day ?? localDate(this.now());
    const [y, m, d] = wanted.split('-').map(Number) as [number, number, number];
    const start = new Date(y, m - 1, d).getTime();
    const end = new Date(y, m - 1, d + 1).getTime();
    const rows = this.store.db
      .prepare('SELECT s.id, c.id AS customer_id, COALESCE(c.name, \'\') AS name FROM sessions s LEFT JOIN customers c ON c.id = s.customer_id WHERE s.created_at >= ? AND s.created_at < ? ORDER BY s.created_at DESC')
      .all(start, end) as { id: string; customer_id: string | null; name: string }[];
    const sessions = rows.map((row) => {
      const session = this.store.getSession(row.id)!;
      const job = this.engine.job(row.id);
      const sync = describeSync(session, job, this.engine.uploadProgress(row.id));
      const lastError = job && (job.errorCode !== null || job.errorMessage !== null) ? failureMessage(job.errorCode, job.errorMessage) : null;
      return { id: row.id, customerId: row.customer_id, customerName: row.name, createdAt: session.createdAt, state: session.state, stage: sync.stage, lastError };
    });
    return { sessions, dailyCount: sessions.filter((s) => s.state === 'done').length };
  }

  retrySync(sessionId: string): boolean {
    const session = this.store.getSession(sessionId);
    if (!session) throw notFound(`Session ${sessionId}`);
    if (session.state !== 'done') return false;
    if (!this.engine.retry(sessionId)) this.engine.enqueueSession(sessionId);
    return true;
  }

  async deleteSession(sessionId: string): Promise<void> {
    const db = this.store.db;
    const files = db
      .transaction(() => {
        if (!this.store.getSession(sessionId)) throw notFound(`Session ${sessionId}`);
        const paths = (db.prepare('SELECT file_path FROM captures WHERE session_id = ?').all(sessionId) as { file_path: string }[]).map((r) => r.file_path);
        // Before the rows: it reads the sync rows that cascade with them.
        queueSessionDeletion(db, sessionId, this.now());
        db.prepare('DELETE FROM captures WHERE session_id = ?').run(sessionId);
        db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
        return paths;
      })
      .immediate();
    this.engine.wake();
    await removeFiles(this.store.capturesDir, files);
  }

  async deleteCustomer(customerId: string): Promise<void> {
    const db = this.store.db;
    if (!this.store.getCustomer(customerId)) throw notFound(`Customer ${customerId}`);
    const deleted = db
      .transaction(() => {
        queueCustomerDeletion(db, customerId, this.now());
        return deleteCustomerRows(db, customerId);
      })
      .immediate();
    this.engine.wake();
    await removeFiles(this.store.capturesDir, deleted.files);
  }

  /** Deletions on request the platform has not confirmed yet (waiting for the network, or retrying). */
  pendingPlatformDeletions(): number {
    return pendingDeletions(this.store.db);
  }
}

/** Files after rows: a crash in between leaves orphans, which the next start removes. */
async function removeFiles(root: string, files: readonly string[]): Promise<void> {
  for (const file of files) await unlink(absoluteCapturePath(root, file)).catch(() => undefined);
  for (const dir of new Set(files.map((f) => f.split('/')[0]!))) await rmdir(join(root, dir)).catch(() => undefined);
}
