/**
 * The report link by e-mail (issue 16 item 12, D-067) against real SMTP servers on 127.0.0.1:
 * delivery and content, retries of temporary failures, a permanent refusal not retried, no resend
 * after an uncertain outcome, and the job surviving a kiosk restart. Real SQLite in a temporary
 * data directory; the mailer is stepped with runOnce on a clock the test moves, except where the
 * running loop itself is under test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ReportEmails } from '../../../main/kiosk/report-email.ts';
import type { ReportEmailConfig } from '../../../main/mail/report-email-config.ts';
import { ReportMailer } from '../../../main/mail/report-mailer.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { ADDRESS, Clock, DAY, kioskWithReport as makeKiosk, mailConfig, REPORT_URL, setLink } from './kiosk-fixture.ts';
import { freePort, startFaultySmtpServer, startSmtpServer } from './smtp-servers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const config = mailConfig;

/** A data directory with one analysed session of a customer with an e-mail address, removed after the test. */
async function kioskWithReport(clock: Clock, options: { link?: boolean; email?: string } = {}): Promise<{ dir: string; sessionId: string }> {
  const made = await makeKiosk(clock, options);
  cleanups.push(made.cleanup);
  return made;
}

interface Kiosk {
  readonly store: KioskStore;
  readonly mailer: ReportMailer;
  readonly emails: ReportEmails;
  /** What the mailer wrote to the kiosk log. */
  readonly log: string[];
}

/** Opens the kiosk on the data directory: a start, or a restart after the previous one closed. */
async function openKiosk(dir: string, clock: Clock, mail: ReportEmailConfig): Promise<Kiosk> {
  const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: clock.now });
  const log: string[] = [];
  const mailer = new ReportMailer({ store, config: mail, now: clock.now, backoff: { baseMs: 1000, maxMs: 8000 }, log: (level, line) => log.push(`${level} ${line}`) });
  cleanups.push(async () => {
    await mailer.stop();
    store.close();
  });
  return { store, mailer, emails: new ReportEmails(store, mailer, clock.now), log };
}

async function closeKiosk(kiosk: Kiosk): Promise<void> {
  await kiosk.mailer.stop();
  kiosk.store.close();
}

function ask(kiosk: Kiosk, sessionId: string, lang: LanguageCode = 'en') {
  return kiosk.emails.request(sessionId, lang);
}

describe('report link by e-mail', () => {
  it('delivers the link in the customer language, text and HTML, from the store, logged in with the configured account', async () => {
    const clock = new Clock();
    const server = await startSmtpServer({ auth: { user: 'kiosk', password: 's3cret' } });
    cleanups.push(() => server.close());
    const { dir, sessionId } = await kioskWithReport(clock);
    const kiosk = await openKiosk(dir, clock, config(server.port, { user: 'kiosk', password: 's3cret' }));

    expect(kiosk.emails.view(sessionId)).toEqual({ maskedAddress: 'j***@example.com', state: 'offered' });
    expect(ask(kiosk, sessionId, 'zh-Hans')).toEqual({ maskedAddress: 'j***@example.com', state: 'queued' });
    expect(kiosk.store.reportEmails.get(sessionId)).toMatchObject({ to_address: ADDRESS, language: 'zh-Hans', consent_at: clock.t });
    expect(await kiosk.mailer.runOnce()).toBe(true);

    expect(server.messages).toHaveLength(1);
    const mail = server.messages[0]!;
    expect(mail.subject).toBe('您在Lumière Orchard的肌肤分析报告');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual([ADDRESS]);
    expect(mail.from?.value[0]).toEqual({ name: 'Lumière Orchard', address: 'skin@lumiere.example' });
    expect(mail.replyTo?.value[0]?.address).toBe('orchard@lumiere.example');
    expect(mail.headers.get('content-language')).toBe('zh-Hans');
    // The link opens the report in the language of the e-mail (D-137).
    expect(mail.text).toContain(`${REPORT_URL}&lang=zh-Hans`);
    expect(mail.text).toContain('链接有效期至2026年12月11日');
    expect(mail.html).toContain(REPORT_URL.replaceAll('&', '&amp;'));
    expect(mail.html).toContain('打开我的报告');
    // Nothing of the customer or the analysis but the link.
    expect(`${mail.text}${mail.html}`).not.toMatch(/Jia Li|score|level/i);
    expect(kiosk.emails.view(sessionId)?.state).toBe('sent');
    expect(kiosk.store.reportEmails.get(sessionId)?.server_response).toMatch(/^250 /);

    // A second tap answers the e-mail as it stands: no second message.
    expect(ask(kiosk, sessionId).state).toBe('sent');
    expect(await kiosk.mailer.runOnce()).toBe(false);
    expect(server.messages).toHaveLength(1);
  });

  it('writes English when asked, and a language without a catalogue falls back along its chain', async () => {
    const clock = new Clock();
    const server = await startSmtpServer();
    cleanups.push(() => server.close());
    const first = await kioskWithReport(clock);
    const kiosk = await openKiosk(first.dir, clock, config(server.port));
    ask(kiosk, first.sessionId, 'zh-Hant');
    await kiosk.mailer.runOnce();
    // Traditional Chinese has no kiosk catalogue: Simplified Chinese, as the screen falls back.
    expect(server.messages[0]?.subject).toBe('您在Lumière Orchard的肌肤分析报告');

    const second = await kioskWithReport(clock);
    const other = await openKiosk(second.dir, clock, config(server.port));
    ask(other, second.sessionId, 'en');
    await other.mailer.runOnce();
    expect(server.messages[1]?.subject).toBe('Your skin analysis report from Lumière Orchard');
    expect(server.messages[1]?.text).toContain('The link works until December 11, 2026');
  });

  it('retries a temporary refusal (451) with backoff and then delivers once', async () => {
    const clock = new Clock();
    const server = await startSmtpServer({ rcpt: (n) => (n <= 2 ? 451 : null) });
    cleanups.push(() => server.close());
    const { dir, sessionId } = await kioskWithReport(clock);
    const kiosk = await openKiosk(dir, clock, config(server.port));
    ask(kiosk, sessionId);

    expect(await kiosk.mailer.runOnce()).toBe(true);
    const first = kiosk.store.reportEmails.get(sessionId)!;
    expect(first).toMatchObject({ state: 'queued', attempts: 1, error_code: '451', waiting: null });
    expect(first.next_attempt_at).toBeGreaterThan(clock.t);
    // Not before its backoff.
    expect(await kiosk.mailer.runOnce()).toBe(false);
    clock.t = first.next_attempt_at;
    expect(await kiosk.mailer.runOnce()).toBe(true);
    const second = kiosk.store.reportEmails.get(sessionId)!;
    expect(second).toMatchObject({ state: 'queued', attempts: 2 });
    // Backoff doubles (equal jitter: at least half the doubled delay).
    expect(second.next_attempt_at - clock.t).toBeGreaterThanOrEqual(1000);
    clock.t = second.next_attempt_at;
    expect(await kiosk.mailer.runOnce()).toBe(true);
    expect(kiosk.store.reportEmails.get(sessionId)?.state).toBe('sent');
    expect(server.messages).toHaveLength(1);
    expect(server.rcptOffered).toEqual([ADDRESS, ADDRESS, ADDRESS]);
  });

  it('does not retry a permanent refusal (550) and shows it to staff; a new tap asks again', async () => {
    const clock = new Clock();
    const server = await startSmtpServer({ rcpt: (n) => (n === 1 ? 550 : null), replyNamesRecipient: true });
    cleanups.push(() => server.close());
    const { dir, sessionId } = await kioskWithReport(clock);
    const kiosk = await openKiosk(dir, clock, config(server.port));
    ask(kiosk, sessionId);

    expect(await kiosk.mailer.runOnce()).toBe(true);
    expect(kiosk.store.reportEmails.get(sessionId)).toMatchObject({ state: 'failed', error_code: '550' });
    expect(kiosk.emails.staffView(sessionId)).toEqual({ state: 'failed', serverReply: expect.stringContaining('550') });
    expect(kiosk.emails.view(sessionId)?.state).toBe('failed');
    // The log says what happened without the customer's address, though the server's reply holds it.
    expect(kiosk.store.reportEmails.get(sessionId)?.error_message).toContain(ADDRESS);
    expect(kiosk.log.join('\n')).toMatch(/^error report e-mail for session \S+: refused by the mail server 550 .*j\*\*\*@example\.com/m);
    expect(kiosk.log.join('\n')).not.toContain(ADDRESS);
    clock.t += DAY;
    expect(await kiosk.mailer.runOnce()).toBe(false);
    expect(server.rcptOffered).toHaveLength(1);
    expect(kiosk.store.reportEmails.counts()).toEqual({ pending: 0, failed: 1, uncertain: 0 });
    expect(kiosk.emails.diagnostic()).toMatchObject({ name: 'report_email', ok: false, detail: { key: 'diag.email', params: { failed: 1, uncertain: 0, pending: 0, server: `127.0.0.1:${server.port} (none)` } } });

    // The customer taps again (say, after staff corrected the address): a new consent, a new try.
    expect(ask(kiosk, sessionId).state).toBe('queued');
    expect(await kiosk.mailer.runOnce()).toBe(true);
    expect(kiosk.emails.view(sessionId)?.state).toBe('sent');
    expect(server.messages).toHaveLength(1);
  });

  it('never resends after the connection dropped once the message was handed over', async () => {
    const clock = new Clock();
    const server = await startFaultySmtpServer();
    cleanups.push(() => server.close());
    const { dir, sessionId } = await kioskWithReport(clock);
    const kiosk = await openKiosk(dir, clock, config(server.port));
    ask(kiosk, sessionId);

    expect(await kiosk.mailer.runOnce()).toBe(true);
    expect(server.received()).toBe(1);
    expect(kiosk.store.reportEmails.get(sessionId)).toMatchObject({ state: 'uncertain', error_code: 'ECONNECTION' });
    expect(kiosk.emails.staffView(sessionId)?.state).toBe('uncertain');
    clock.t += DAY;
    expect(await kiosk.mailer.runOnce()).toBe(false);

    // Nor after a restart, nor on a second tap.
    await closeKiosk(kiosk);
    const again = await openKiosk(dir, clock, config(server.port));
    again.mailer.start();
    expect(ask(again, sessionId).state).toBe('uncertain');
    expect(await again.mailer.runOnce()).toBe(false);
    expect(server.received()).toBe(1);
  });

  it('waits while the mail server is down, survives a restart, and sends once it answers', async () => {
    const port = await freePort();
    const { dir, sessionId } = await kioskWithReport(new Clock());
    // Real time here: the running loop and its backoff are under test.
    const fast = { ...config(port), smtp: { ...config(port).smtp, timeoutMs: 2000 } };
    const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: Date.now });
    const mailer = new ReportMailer({ store, config: fast, backoff: { baseMs: 50, maxMs: 200 } });
    new ReportEmails(store, mailer, Date.now).request(sessionId, 'en');
    expect(await mailer.runOnce()).toBe(true);
    expect(store.reportEmails.get(sessionId)).toMatchObject({ state: 'queued', attempts: 1, error_code: 'ESOCKET', error_message: expect.stringContaining('ECONNREFUSED'), waiting: 'network' });
    store.close();

    // The kiosk restarts while the server is still down, then the server comes up.
    const restarted = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: Date.now });
    const loop = new ReportMailer({ store: restarted, config: fast, backoff: { baseMs: 50, maxMs: 200 }, idleMs: 100 });
    loop.start();
    cleanups.push(async () => {
      await loop.stop();
      restarted.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const server = await startSmtpServer({ port });
    cleanups.push(() => server.close());
    await waitFor(() => restarted.reportEmails.get(sessionId)?.state === 'sent', 10_000);
    expect(server.messages).toHaveLength(1);
    expect(restarted.reportEmails.get(sessionId)?.attempts).toBeGreaterThanOrEqual(2);
  });

  it('waits for the report link, and gives up when the link expired before it could be sent', async () => {
    const clock = new Clock();
    const server = await startSmtpServer();
    cleanups.push(() => server.close());
    const { dir, sessionId } = await kioskWithReport(clock, { link: false });
    const kiosk = await openKiosk(dir, clock, config(server.port));
    expect(ask(kiosk, sessionId).state).toBe('queued');
    expect(await kiosk.mailer.runOnce()).toBe(false);
    expect(kiosk.store.reportEmails.anyAwaitingLink()).toBe(true);

    setLink(kiosk.store, sessionId, clock.t + 1000, clock.t);
    clock.t += 2000;
    expect(await kiosk.mailer.runOnce()).toBe(true);
    expect(kiosk.store.reportEmails.get(sessionId)).toMatchObject({ state: 'failed', error_code: 'link_expired' });
    expect(server.rcptOffered).toHaveLength(0);
  });

  it('keeps retrying, waiting for the technician, when the server refuses the login', async () => {
    const clock = new Clock();
    const server = await startSmtpServer({ auth: { user: 'kiosk', password: 'right' } });
    cleanups.push(() => server.close());
    const { dir, sessionId } = await kioskWithReport(clock);
    const kiosk = await openKiosk(dir, clock, config(server.port, { user: 'kiosk', password: 'wrong' }));
    ask(kiosk, sessionId);
    expect(await kiosk.mailer.runOnce()).toBe(true);
    expect(kiosk.store.reportEmails.get(sessionId)).toMatchObject({ state: 'queued', waiting: 'config', error_code: '535' });
    const diagnostic = kiosk.emails.diagnostic();
    expect(diagnostic).toMatchObject({ ok: false, detail: { key: 'diag.email_login', params: { pending: 1 } } });
    // The technician reads the server's refusal, never the password.
    expect(diagnostic.detail.text).toContain('535');
    expect(JSON.stringify(diagnostic)).not.toContain('wrong');
    expect(kiosk.log.join('\n')).toContain('config failure 535');
    expect(kiosk.log.join('\n')).not.toContain('wrong');
    expect(server.messages).toHaveLength(0);
  });

  it('offers nothing without a mail server or without a customer address', async () => {
    const clock = new Clock();
    const { dir, sessionId } = await kioskWithReport(clock);
    const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: clock.now });
    cleanups.push(() => store.close());
    const none = new ReportEmails(store, null, clock.now);
    expect(none.view(sessionId)).toBeNull();
    expect(() => none.request(sessionId, 'en')).toThrow(/no mail server/);
    expect(none.diagnostic()).toMatchObject({ name: 'report_email', ok: true, detail: { key: 'diag.email_off' } });

    const noAddress = await kioskWithReport(clock, { email: '' });
    const kiosk = await openKiosk(noAddress.dir, clock, config(await freePort()));
    expect(kiosk.emails.view(noAddress.sessionId)).toBeNull();
    expect(() => ask(kiosk, noAddress.sessionId)).toThrow(/no e-mail address/);
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
