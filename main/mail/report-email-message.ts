/**
 * The report-link e-mail as MIME (D-067): a plain-text and an HTML part with the same words, in
 * the customer's language, from the store's name. Built whole before the SMTP transaction, so the
 * bytes sent are known before the server is asked to take them.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import type { ReportEmailConfig } from './report-email-config.ts';
import { reportEmailTexts } from './report-email-texts.ts';

export interface ReportEmailInput {
  readonly to: string;
  readonly language: LanguageCode;
  readonly reportUrl: string;
  /** Unix ms; null when the platform gave none. */
  readonly expiresAt: number | null;
  /** When the analysis was taken, Unix ms. */
  readonly takenAt: number;
  /** Message-ID's stable part: the same session always names the same message. */
  readonly sessionId: string;
}

export interface ComposedReportEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The whole message, headers and both parts. */
  readonly raw: Buffer;
}

export async function composeReportEmail(config: ReportEmailConfig, input: ReportEmailInput): Promise<ComposedReportEmail> {
  const { language, texts, rtl } = reportEmailTexts(input.language);
  const store = config.storeName;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(input.takenAt);
  const expiry = input.expiresAt === null ? null : texts.expiry(new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(input.expiresAt));
  const subject = texts.subject(store);
  const paragraphs = [texts.intro(store, date), ...(expiry ? [expiry] : []), texts.forwarding];
  const text = [texts.greeting, '', paragraphs[0], '', `${texts.button}: ${input.reportUrl}`, '', ...paragraphs.slice(1).flatMap((p) => [p, '']), `-- `, store, '', texts.why(store), ''].join('\n');
  const dir = rtl ? 'rtl' : 'ltr';
  const p = (s: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5;color:#222;background:#fff">`,
    p(texts.greeting),
    p(paragraphs[0]!),
    `<p style="margin:24px 0"><a href="${escapeHtml(input.reportUrl)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#2f5d50;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(texts.button)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(input.reportUrl)}</p>`,
    ...paragraphs.slice(1).map((s) => p(s)),
    p(store, 'font-weight:600'),
    p(texts.why(store), 'font-size:13px;color:#666'),
    '</body></html>',
  ].join('\n');
  const domain = config.from.slice(config.from.lastIndexOf('@') + 1);
  const composer = new MailComposer({
    from: { name: store, address: config.from },
    to: input.to,
    ...(config.replyTo ? { replyTo: config.replyTo } : {}),
    subject,
    text,
    html,
    // A resend by hand (or a server retrying) carries the same id, so mail clients show one message.
    messageId: `<report-${input.sessionId}@${domain}>`,
    headers: { 'Content-Language': language, 'Auto-Submitted': 'auto-generated' },
  });
  const raw = await composer.compile().build();
  return { subject, text, html, raw };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
