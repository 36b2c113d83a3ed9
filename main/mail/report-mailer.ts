/**
 * Sends the report links customers asked for by e-mail (D-067), from the durable outbox
 * (KioskStore.reportEmails, migration 006) with the sync engine's backoff (main/sync/failures.ts).
 * A loop of its own beside the sync engine: the mail server is not the platform, so the
 * platform's offline gate must not hold a mail back, and a slow mail server must not hold the
 * platform queue. Rules:
 * - an e-mail waits until its session's report link exists (the sync engine stores it);
 * - temporary failures (4xx, no connection) and refused settings retry with backoff, forever,
 *   while the link is valid; a link that expired first ends the e-mail as failed;
 * - a 5xx answer ends it as failed, for staff to see; nothing retries it by itself;
 * - once the message began to flow, a lost connection ends it as uncertain: never sent again.
 */
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { languageCodeSchema } from '../../protocol/enums/languages.ts';
import { reportLinkIn } from '../../common/kiosk/report-link.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { DueReportEmail } from '../store/report-emails.ts';
import type { BackoffConfig } from '../sync/failures.ts';
import { DEFAULT_BACKOFF, backoffDelay } from '../sync/failures.ts';
import type { SyncLog } from '../sync/engine.ts';
import type { ReportEmailConfig } from './report-email-config.ts';
import { maskEmailAddressesIn } from './mask-address.ts';
import { composeReportEmail } from './report-email-message.ts';
import { SmtpSendError, sendOverSmtp } from './smtp-send.ts';
import { missingCase } from '../../common/missing-case.ts';
import { LoopSleeper, runWorkLoop } from '../sync/loop-sleeper.ts';

export interface ReportMailerOptions {
  readonly store: KioskStore;
  readonly config: ReportEmailConfig;
  readonly now?: () => number;
  readonly backoff?: Partial<BackoffConfig>;
  readonly log?: SyncLog;
  /** How often an e-mail waiting for its report link looks again. */
  readonly linkPollMs?: number;
  /** Longest sleep of the loop when nothing is due. */
  readonly idleMs?: number;
}

export class ReportMailer {
  private readonly now: () => number;
  private readonly backoff: BackoffConfig;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly sleeper = new LoopSleeper();

  constructor(private readonly options: ReportMailerOptions) {
    this.now = options.now ?? Date.now;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  }

  /** Settles what a stop in the middle of a send left (ReportEmailRepository.recoverInterrupted), then runs the loop. */
  start(): void {
    if (this.running) return;
    const { requeued, uncertain } = this.options.store.reportEmails.recoverInterrupted(this.now());
    if (requeued + uncertain > 0) this.options.log?.('warn', `report e-mail: after a stop mid-send, ${requeued} queued again (nothing had been handed over), ${uncertain} not sent again (possibly delivered)`);
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sleeper.wake();
    await this.running;
    this.running = null;
  }

  /** The server as a technician names it, never with the account's password. */
  get server(): string {
    const { host, port, security } = this.options.config.smtp;
    return `${host}:${port} (${security})`;
  }

  /** New work or changed settings: look now. */
  wake(): void {
    this.sleeper.wake();
  }

  /** Sends the oldest due e-mail, if any; true when one was tried. Exposed for tests. */
  async runOnce(): Promise<boolean> {
    const { reportEmails } = this.options.store;
    const due = reportEmails.nextDue(this.now());
    if (!due) return false;
    const attempts = due.attempts + 1;
    if (due.report_url_expires_at !== null && due.report_url_expires_at <= this.now()) {
      reportEmails.recordFailure(due.session_id, { end: 'failed', code: 'link_expired', message: 'The report link expired before the e-mail could be sent.', attempts: due.attempts });
      this.options.log?.('warn', `report e-mail for session ${due.session_id}: not sent, the report link expired first`);
      return true;
    }
    try {
      const serverResponse = await this.send(due);
      reportEmails.markSent(due.session_id, serverResponse, this.now());
      this.options.log?.('info', `report e-mail for session ${due.session_id} handed to the mail server (${maskEmailAddressesIn(serverResponse)})`);
    } catch (error) {
      const failure = error instanceof SmtpSendError ? error : new SmtpSendError('temporary', 'local_error', error instanceof Error ? error.message : String(error));
      this.recordFailure(due, failure, attempts);
    }
    return true;
  }

  private async send(due: DueReportEmail): Promise<string> {
    const { store, config } = this.options;
    const session = store.getSession(due.session_id);
    // Stored by this kiosk from the contract's enum; checked again as anything read back from disk.
    const language: LanguageCode = languageCodeSchema.catch('en').parse(due.language);
    const message = await composeReportEmail(config, {
      to: due.to_address,
      language,
      reportUrl: reportLinkIn(due.report_url, language),
      expiresAt: due.report_url_expires_at,
      takenAt: session?.createdAt ?? due.consent_at,
      sessionId: due.session_id,
    });
    store.reportEmails.markSending(due.session_id);
    return sendOverSmtp(config.smtp, { from: config.from, to: due.to_address }, message.raw, () => store.reportEmails.markData(due.session_id));
  }

  private recordFailure(due: DueReportEmail, failure: SmtpSendError, attempts: number): void {
    const { reportEmails } = this.options.store;
    const base = { code: failure.code, message: failure.message, attempts };
    const logged = maskEmailAddressesIn(failure.message);
    switch (failure.kind) {
      case 'temporary':
      case 'config': {
        const nextAttemptAt = this.now() + backoffDelay(attempts, this.backoff);
        const waiting = failure.kind === 'config' ? 'config' : /^\d/.test(failure.code) ? null : 'network';
        reportEmails.recordFailure(due.session_id, { end: 'retry', ...base, waiting, nextAttemptAt });
        this.options.log?.('warn', `report e-mail for session ${due.session_id}: ${failure.kind} failure ${failure.code} (${logged}); try ${attempts + 1} in ${Math.round((nextAttemptAt - this.now()) / 1000)} s`);
        return;
      }
      case 'permanent':
        reportEmails.recordFailure(due.session_id, { end: 'failed', ...base });
        this.options.log?.('error', `report e-mail for session ${due.session_id}: refused by the mail server ${failure.code} (${logged}); not retried`);
        return;
      case 'uncertain':
        reportEmails.recordFailure(due.session_id, { end: 'uncertain', ...base });
        this.options.log?.('warn', `report e-mail for session ${due.session_id}: the connection failed while the message was handed over (${failure.code}); it may have been delivered, so it is not sent again`);
        return;
      default:
        missingCase(failure.kind, 'SMTP failure kind');
    }
  }

  private loop(): Promise<void> {
    return runWorkLoop({
      sleeper: this.sleeper,
      stopped: () => this.stopped,
      round: () => this.runOnce(),
      idleDelay: () => this.nextDelay(),
      onError: (error) => this.options.log?.('error', `report e-mail loop: ${error instanceof Error ? error.stack ?? error.message : String(error)}`),
    });
  }

  private nextDelay(): number {
    const idle = this.options.idleMs ?? 30_000;
    const { reportEmails } = this.options.store;
    const due = reportEmails.earliestDueWithLink();
    const delay = due === null ? idle : due - this.now();
    const linkPoll = reportEmails.anyAwaitingLink() ? (this.options.linkPollMs ?? 2000) : idle;
    return Math.max(10, Math.min(idle, linkPoll, delay));
  }
}
