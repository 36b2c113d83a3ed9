/**
 * A kiosk data directory with one analysed session whose report link the sync engine stored, for
 * the report e-mail tests (in process and in the child a test kills).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportEmailConfigSchema, type ReportEmailConfig } from '../../../main/mail/report-email-config.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';

export const REPORT_URL = 'http://127.0.0.1:9/shared/reports/r-77?expires=1893456000&signature=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
export const ADDRESS = 'jiali@example.com';
export const DAY = 24 * 3600_000;

/** The mail settings of a loopback server in plain text. */
export function mailConfig(port: number, extra: { user?: string; password?: string } = {}): ReportEmailConfig {
  return reportEmailConfigSchema.parse({
    smtp: { host: '127.0.0.1', port, security: 'none', timeoutMs: 3000, ...extra },
    from: 'skin@lumiere.example',
    replyTo: 'orchard@lumiere.example',
    storeName: 'Lumière Orchard',
  });
}

/** A clock the test moves. */
export class Clock {
  t = Date.UTC(2026, 11, 4, 10, 0, 0);
  readonly now = (): number => this.t;
}

/** Creates the data directory (removed by the returned cleanup) with the session. */
export async function kioskWithReport(clock: Clock, options: { link?: boolean; email?: string } = {}): Promise<{ dir: string; sessionId: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-report-email-'));
  const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: clock.now });
  const customer = store.createCustomer({ name: 'Jia Li', email: options.email ?? ADDRESS, phoneCc: 65 });
  const session = store.createSession('single_camera');
  store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['user_agreement', 'privacy_policy'] });
  store.setSessionState(session.id, 'capturing');
  store.setSessionState(session.id, 'review');
  store.setSessionState(session.id, 'done');
  store.outbox.insert({ sessionId: session.id, apiCode: 'online_skin', algorithmVariant: 'all_race_v2', now: clock.t });
  if (options.link !== false) setLink(store, session.id, clock.t + 7 * DAY, clock.t);
  store.close();
  return { dir, sessionId: session.id, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What the sync engine stores once the platform took the report. */
export function setLink(store: KioskStore, sessionId: string, expiresAt: number, now: number): void {
  store.outbox.update(sessionId, { stage: 'done', reportUrl: REPORT_URL, reportUrlExpiresAt: expiresAt }, now);
}
