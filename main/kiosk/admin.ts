/**
 * Staff tools (kiosk API listSessions, retrySync, deleteSession, deleteCustomer). Deletion on
 * request removes rows first (one transaction, sync rows cascade), then files, like the store's
 * customer deletion (docs/kiosk-core.md, "Retention and deletion"). In the same transaction the
 * platform's copy is queued in platform_deletions (KioskStore.deleteSessionData,
 * deleteCustomerData), which the sync engine drains through the device sync API
 * (main/sync/deletions.ts), offline-safe and across restarts.
 */
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { describeSync, failureMessage } from '../sync/progress.ts';
import { notFound } from './errors.ts';
import type { ReportEmails } from './report-email.ts';
import { localDate } from './reports.ts';
import { sessionStatus } from './session-status.ts';

export class Admin {
  constructor(
    private readonly store: KioskStore,
    private readonly engine: SyncEngine,
    private readonly emails: ReportEmails,
    private readonly now: () => number = Date.now,
  ) {}

  listSessions(day?: string): KioskOutput<'listSessions'> {
    const wanted = day ?? localDate(this.now());
    const [y, m, d] = wanted.split('-').map(Number) as [number, number, number];
    const start = new Date(y, m - 1, d).getTime();
    const end = new Date(y, m - 1, d + 1).getTime();
    const sessions = this.store.sessionsCreatedBetween(start, end).map(({ session, customerName }) => {
      const job = this.engine.job(session.id);
      const sync = describeSync(session, job, this.engine.uploadProgress(session.id));
      const lastError = job && (job.errorCode !== null || job.errorMessage !== null) ? failureMessage(job.errorCode, job.errorMessage) : null;
      const status = sessionStatus(session, sync.stage);
      return { id: session.id, customerId: session.customerId, customerName, createdAt: session.createdAt, state: session.state, status, stage: sync.stage, lastError, email: this.emails.staffView(session.id) };
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
    const deleted = await this.store.deleteSessionData(sessionId);
    if (!deleted) throw notFound(`Session ${sessionId}`);
    this.engine.wake();
  }

  async deleteCustomer(customerId: string): Promise<void> {
    if (!this.store.getCustomer(customerId)) throw notFound(`Customer ${customerId}`);
    await this.store.deleteCustomerData(customerId);
    this.engine.wake();
  }

  /** Deletions on request the platform has not confirmed yet (waiting for the network, or retrying). */
  pendingPlatformDeletions(): number {
    return this.store.deletions.pending();
  }
}
