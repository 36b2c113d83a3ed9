/**
 * The report-link e-mail outbox (migration 006, D-067): one row per session whose customer asked
 * for the link by e-mail. Every change is one statement, committed before the SMTP step it
 * guards, so a kill -9 at any point leaves a row that says what may have reached the server:
 * `sending` (nothing handed over: safe to send again) or `data` (the message may have been
 * delivered: never sent again).
 */
import type { SyncWaiting } from '../sync/types.ts';
import type { Db } from './database.ts';

export const REPORT_EMAIL_STATES = ['queued', 'sending', 'data', 'sent', 'failed', 'uncertain'] as const;
export type ReportEmailState = (typeof REPORT_EMAIL_STATES)[number];

export interface ReportEmailRow {
  readonly session_id: string;
  readonly to_address: string;
  readonly language: string;
  readonly consent_at: number;
  readonly state: ReportEmailState;
  readonly attempts: number;
  readonly next_attempt_at: number;
  readonly waiting: SyncWaiting | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly server_response: string | null;
  readonly sent_at: number | null;
}

/** A due row with what the message needs from the session's sync job. */
export interface DueReportEmail extends ReportEmailRow {
  readonly report_url: string;
  readonly report_url_expires_at: number | null;
}

export interface ReportEmailConsent {
  readonly sessionId: string;
  readonly toAddress: string;
  readonly language: string;
  readonly consentAt: number;
}

/** What a failed attempt changes: retried later, or ended for good. */
export type ReportEmailFailure =
  | { readonly end: 'retry'; readonly code: string; readonly message: string; readonly waiting: SyncWaiting | null; readonly attempts: number; readonly nextAttemptAt: number }
  | { readonly end: 'failed' | 'uncertain'; readonly code: string; readonly message: string; readonly attempts: number };

export interface ReportEmailCounts {
  readonly pending: number;
  readonly failed: number;
  readonly uncertain: number;
}

export class ReportEmailRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Records the customer's request with its consent. A session has one e-mail: a second tap
   * changes nothing, except after a refusal, when the request starts again (the address may have
   * been corrected). Answers the row as it now stands.
   */
  queue(consent: ReportEmailConsent): ReportEmailRow {
    this.#db
      .prepare(
        `INSERT INTO report_emails (session_id, to_address, language, consent_at, state, next_attempt_at)
         VALUES (@sessionId, @toAddress, @language, @consentAt, 'queued', @consentAt)
         ON CONFLICT(session_id) DO UPDATE SET to_address = excluded.to_address, language = excluded.language,
           consent_at = excluded.consent_at, state = 'queued', attempts = 0, next_attempt_at = excluded.next_attempt_at,
           waiting = NULL, error_code = NULL, error_message = NULL, server_response = NULL
         WHERE report_emails.state = 'failed'`,
      )
      .run(consent);
    return this.get(consent.sessionId)!;
  }

  get(sessionId: string): ReportEmailRow | null {
    return (this.#db.prepare('SELECT * FROM report_emails WHERE session_id = ?').get(sessionId) as ReportEmailRow | undefined) ?? null;
  }

  /** The oldest queued e-mail whose turn has come and whose report link exists. */
  nextDue(now: number): DueReportEmail | null {
    const row = this.#db
      .prepare(
        `SELECT e.*, j.report_url, j.report_url_expires_at FROM report_emails e JOIN sync_jobs j ON j.session_id = e.session_id
         WHERE e.state = 'queued' AND e.next_attempt_at <= ? AND j.report_url IS NOT NULL
         ORDER BY e.next_attempt_at LIMIT 1`,
      )
      .get(now) as DueReportEmail | undefined;
    return row ?? null;
  }

  /** When the next queued e-mail that has its report link is due. */
  earliestDueWithLink(): number | null {
    return (
      this.#db
        .prepare("SELECT MIN(e.next_attempt_at) AS at FROM report_emails e JOIN sync_jobs j ON j.session_id = e.session_id WHERE e.state = 'queued' AND j.report_url IS NOT NULL")
        .get() as { at: number | null }
    ).at;
  }

  /** Whether a queued e-mail still waits for its session's report link (the sync engine stores it). */
  anyAwaitingLink(): boolean {
    return (
      this.#db
        .prepare("SELECT 1 FROM report_emails e LEFT JOIN sync_jobs j ON j.session_id = e.session_id WHERE e.state = 'queued' AND j.report_url IS NULL LIMIT 1")
        .get() !== undefined
    );
  }

  /** Before the SMTP connection opens: nothing has been handed to the server yet. */
  markSending(sessionId: string): void {
    this.setState(sessionId, 'queued', 'sending');
  }

  /** The server took DATA and the message starts to flow: from now on it may be delivered. */
  markData(sessionId: string): void {
    this.setState(sessionId, 'sending', 'data');
  }

  markSent(sessionId: string, serverResponse: string, now: number): void {
    this.#db
      .prepare("UPDATE report_emails SET state = 'sent', sent_at = ?, server_response = ?, waiting = NULL, error_code = NULL, error_message = NULL WHERE session_id = ?")
      .run(now, serverResponse, sessionId);
  }

  recordFailure(sessionId: string, failure: ReportEmailFailure): void {
    if (failure.end === 'retry') {
      this.#db
        .prepare("UPDATE report_emails SET state = 'queued', attempts = ?, next_attempt_at = ?, waiting = ?, error_code = ?, error_message = ? WHERE session_id = ?")
        .run(failure.attempts, failure.nextAttemptAt, failure.waiting, failure.code, failure.message, sessionId);
      return;
    }
    this.#db
      .prepare('UPDATE report_emails SET state = ?, attempts = ?, waiting = NULL, error_code = ?, error_message = ? WHERE session_id = ?')
      .run(failure.end, failure.attempts, failure.code, failure.message, sessionId);
  }

  /**
   * At start, before the first send: a transaction cut before DATA goes back to the queue; one cut
   * after DATA may have delivered the message, so it is never sent again (no duplicates).
   */
  recoverInterrupted(now: number): { requeued: number; uncertain: number } {
    return this.#db.transaction(() => {
      const requeued = this.#db.prepare("UPDATE report_emails SET state = 'queued', next_attempt_at = ? WHERE state = 'sending'").run(now).changes;
      const uncertain = this.#db
        .prepare("UPDATE report_emails SET state = 'uncertain', error_code = 'interrupted', error_message = 'The kiosk stopped while the message was being handed to the mail server; it may have been delivered, so it is not sent again.' WHERE state = 'data'")
        .run().changes;
      return { requeued, uncertain };
    })();
  }

  /** Settings changed or the mail server answered again: e-mails waiting for it are tried now. */
  makeWaitingDue(now: number): void {
    this.#db.prepare("UPDATE report_emails SET next_attempt_at = ? WHERE state = 'queued' AND waiting IS NOT NULL").run(now);
  }

  /** The last refusal of this kiosk's login or TLS while e-mails wait for a setting, else null. */
  configProblem(): string | null {
    const row = this.#db.prepare("SELECT error_message FROM report_emails WHERE state = 'queued' AND waiting = 'config' ORDER BY next_attempt_at DESC LIMIT 1").get() as { error_message: string | null } | undefined;
    return row ? (row.error_message ?? 'refused') : null;
  }

  counts(): ReportEmailCounts {
    const row = this.#db
      .prepare("SELECT SUM(state IN ('queued', 'sending', 'data')) AS pending, SUM(state = 'failed') AS failed, SUM(state = 'uncertain') AS uncertain FROM report_emails")
      .get() as { pending: number | null; failed: number | null; uncertain: number | null };
    return { pending: row.pending ?? 0, failed: row.failed ?? 0, uncertain: row.uncertain ?? 0 };
  }

  private setState(sessionId: string, from: ReportEmailState, to: ReportEmailState): void {
    this.#db.prepare('UPDATE report_emails SET state = ? WHERE session_id = ? AND state = ?').run(to, sessionId, from);
  }
}
