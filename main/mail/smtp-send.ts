/**
 * One SMTP transaction with the outcome sorted for the outbox (D-067). nodemailer's
 * SMTPConnection does the protocol; this module knows which phase a failure happened in, because
 * nodemailer reports a lost connection the same way before and after the message was handed over:
 * the message is given as a stream that nodemailer reads only once the server took DATA (354), so
 * its first read marks the point after which a lost connection leaves the outcome unknown.
 */
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { ReportEmailConfig } from './report-email-config.ts';

/**
 * - temporary: a 4xx answer or no connection; sending again is safe.
 * - permanent: a 5xx answer to the envelope or the message; sending again would get the same.
 * - config: the server refused this kiosk's login or TLS; a technician must change the settings.
 * - uncertain: the connection failed after the message began to flow; it may have been delivered.
 */
export type SmtpFailureKind = 'temporary' | 'permanent' | 'config' | 'uncertain';

export class SmtpSendError extends Error {
  constructor(
    readonly kind: SmtpFailureKind,
    /** The server's reply code, or nodemailer's error code (ECONNECTION, ETIMEDOUT...). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmtpSendError';
  }
}

export interface SmtpEnvelope {
  readonly from: string;
  readonly to: string;
}

/**
 * Sends `raw` to `envelope.to`; answers the server's reply to the message. `onHandOver` runs
 * synchronously just before the first byte of the message goes out (the caller commits that
 * state durably there). Throws SmtpSendError.
 */
export async function sendOverSmtp(smtp: ReportEmailConfig['smtp'], envelope: SmtpEnvelope, raw: Buffer, onHandOver: () => void): Promise<string> {
  const connection = new SMTPConnection({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    connectionTimeout: smtp.timeoutMs,
    greetingTimeout: smtp.timeoutMs,
    socketTimeout: smtp.timeoutMs,
    tls: { rejectUnauthorized: smtp.verifyCertificate, servername: smtp.host },
  });
  let handedOver = false;
  const message = new Readable({
    read() {
      if (!handedOver) {
        handedOver = true;
        onHandOver();
      }
      this.push(raw);
      this.push(null);
    },
  });
  // nodemailer reports a failure to connect, and a connection lost between commands, only as an
  // 'error' or 'end' event, not through the step's callback: every step races with them.
  let fail: (error: unknown) => void = () => undefined;
  const broken = new Promise<never>((_resolve, reject) => (fail = reject));
  broken.catch(() => undefined);
  connection.on('error', (error: unknown) => fail(error));
  connection.on('end', () => fail(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })));
  const step = <T>(run: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> => Promise.race([new Promise<T>(run), broken]);
  try {
    await step<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
    if (smtp.user !== undefined) {
      await step<void>((resolve, reject) => connection.login({ user: smtp.user, pass: smtp.password }, (error) => (error ? reject(error) : resolve())));
    }
    const info = await step<{ response: string }>((resolve, reject) =>
      connection.send({ from: envelope.from, to: [envelope.to] }, message, (error, result) => (error || !result ? reject(error ?? new Error('no answer')) : resolve(result))),
    );
    connection.quit();
    return info.response;
  } catch (error) {
    connection.close();
    throw classifySmtpError(error, handedOver);
  }
}

/** Sorts a nodemailer error by what it means for sending again (see SmtpFailureKind). */
export function classifySmtpError(error: unknown, handedOver: boolean): SmtpSendError {
  const e = error as { responseCode?: unknown; code?: unknown; command?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const reply = typeof e.responseCode === 'number' ? e.responseCode : null;
  const code = reply !== null ? String(reply) : typeof e.code === 'string' ? e.code : 'smtp_error';
  // A reply is an answer: the server said what became of the message, whatever the phase.
  if (e.code === 'EAUTH') return new SmtpSendError('config', code, message);
  if (reply !== null && reply >= 500) return new SmtpSendError('permanent', code, message);
  if (reply !== null && reply >= 400) return new SmtpSendError('temporary', code, message);
  if (handedOver) return new SmtpSendError('uncertain', code, message);
  if (e.code === 'ETLS') return new SmtpSendError('config', code, message);
  return new SmtpSendError('temporary', code, message);
}
