/**
 * The report link by e-mail as the kiosk API shows it (D-067): whether the results screen offers
 * it, the customer's tap (their consent, recorded with the job), and what staff read on their
 * session list. The sending is main/mail/report-mailer.ts.
 */
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { uiMessage } from '../kiosk-api/messages.ts';
import type { KioskOutput, ReportEmail } from '../kiosk-api/types.ts';
import type { ReportMailer } from '../mail/report-mailer.ts';
import { maskEmailAddress } from '../mail/mask-address.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { ReportEmailRow } from '../store/report-emails.ts';
import { conflict, notFound } from './errors.ts';

type StaffEmail = KioskOutput<'listSessions'>['sessions'][number]['email'];
type DiagnosticCheck = KioskOutput<'getDiagnostics'>['checks'][number];

export class ReportEmails {
  constructor(
    private readonly store: KioskStore,
    /** Null when the kiosk configuration names no mail server: nothing is offered. */
    private readonly mailer: ReportMailer | null,
    private readonly now: () => number,
  ) {}

  /** The offer on the report of this session, null when there is none to make. */
  view(sessionId: string): ReportEmail | null {
    const row = this.store.reportEmails.get(sessionId);
    if (row) return { maskedAddress: maskEmailAddress(row.to_address), state: publicState(row) };
    const address = this.address(sessionId);
    return address ? { maskedAddress: maskEmailAddress(address), state: 'offered' } : null;
  }

  /**
   * The customer's tap: queues one e-mail to the address they registered, in the screen's
   * language. A second tap answers the e-mail as it stands; after a refusal it asks again.
   */
  request(sessionId: string, lang: LanguageCode): ReportEmail {
    const session = this.store.getSession(sessionId);
    if (!session) throw notFound(`Session ${sessionId}`);
    if (!this.mailer) throw conflict('This kiosk has no mail server set up, so it cannot send e-mails.');
    if (session.state !== 'done') throw conflict('The report is not ready yet.');
    const address = this.address(sessionId);
    if (!address) throw conflict('The customer has no e-mail address registered.');
    const row = this.store.reportEmails.queue({ sessionId, toAddress: address, language: lang, consentAt: this.now() });
    this.mailer.wake();
    return { maskedAddress: maskEmailAddress(row.to_address), state: publicState(row) };
  }

  /** For the staff list: what became of the e-mail asked for, with the server's last answer. */
  staffView(sessionId: string): StaffEmail {
    const row = this.store.reportEmails.get(sessionId);
    if (!row) return null;
    return { state: publicState(row), serverReply: row.error_message };
  }

  /** The technician's diagnostics line: configured or not, what waits, what was refused. */
  diagnostic(): DiagnosticCheck {
    if (!this.mailer) return { name: 'report_email', ok: true, detail: uiMessage('diag.email_off') };
    const server = this.mailer.server;
    const counts = this.store.reportEmails.counts();
    const problem = this.store.reportEmails.configProblem();
    if (problem !== null) return { name: 'report_email', ok: false, detail: uiMessage('diag.email_login', { server, detail: problem, pending: counts.pending }) };
    return { name: 'report_email', ok: counts.failed + counts.uncertain === 0, detail: uiMessage('diag.email', { server, ...counts }) };
  }

  private address(sessionId: string): string | null {
    if (!this.mailer) return null;
    const customerId = this.store.getSession(sessionId)?.customerId;
    const email = customerId ? this.store.getCustomer(customerId)?.email.trim() : '';
    return email ? email : null;
  }
}

/** What the row's state means outside main: the steps of one send are all "queued". */
function publicState(row: ReportEmailRow): Exclude<ReportEmail['state'], 'offered'> {
  switch (row.state) {
    case 'queued':
    case 'sending':
    case 'data':
      return 'queued';
    case 'sent':
    case 'failed':
    case 'uncertain':
      return row.state;
  }
}
