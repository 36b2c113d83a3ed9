/**
 * The report e-mail outbox across a kill -9 (D-067): a kiosk process killed while the mail server
 * holds the message it sent (before answering the final dot) must never send it again; one killed
 * before the server even greeted must send it after the restart, once.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportMailer } from '../../../main/mail/report-mailer.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { Clock, kioskWithReport, mailConfig } from './kiosk-fixture.ts';
import { startFaultySmtpServer, startSmtpServer } from './smtp-servers.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./mailer-child.ts', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs the mailer child until `killWhen` holds, then SIGKILLs it. */
async function runChildUntil(dir: string, sessionId: string, port: number, killWhen: () => boolean): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, sessionId, String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 30_000;
  while (!killWhen()) {
    if (child.exitCode !== null) throw new Error(`mailer child exited early:\n${output}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`mailer child did not get there:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  await exited;
}

async function restart(dir: string, port: number): Promise<{ store: KioskStore; mailer: ReportMailer }> {
  const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced' });
  const mailer = new ReportMailer({ store, config: mailConfig(port), idleMs: 50 });
  cleanups.push(async () => {
    await mailer.stop();
    store.close();
  });
  return { store, mailer };
}

describe('report e-mail across kill -9', () => {
  it('never resends a message the server may hold when the kiosk was killed waiting for its answer', async () => {
    const server = await startFaultySmtpServer('stall-after-dot');
    cleanups.push(() => server.close());
    const { dir, sessionId, cleanup } = await kioskWithReport(new Clock());
    cleanups.push(cleanup);
    await runChildUntil(dir, sessionId, server.port, () => server.received() === 1);

    const { store, mailer } = await restart(dir, server.port);
    expect(store.reportEmails.get(sessionId)?.state).toBe('data');
    mailer.start();
    expect(store.reportEmails.get(sessionId)).toMatchObject({ state: 'uncertain', error_code: 'interrupted' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailer.runOnce()).toBe(false);
    expect(server.received()).toBe(1);
    expect(server.connections()).toBe(1);
  });

  it('sends once after the restart when the kiosk was killed before anything was handed over', async () => {
    const silent = await startFaultySmtpServer('stall-at-greeting');
    cleanups.push(() => silent.close());
    const { dir, sessionId, cleanup } = await kioskWithReport(new Clock());
    cleanups.push(cleanup);
    await runChildUntil(dir, sessionId, silent.port, () => silent.connections() === 1);

    const server = await startSmtpServer();
    cleanups.push(() => server.close());
    const { store, mailer } = await restart(dir, server.port);
    expect(store.reportEmails.get(sessionId)?.state).toBe('sending');
    mailer.start();
    const until = Date.now() + 10_000;
    while (store.reportEmails.get(sessionId)?.state !== 'sent') {
      if (Date.now() > until) throw new Error(`not sent: ${JSON.stringify(store.reportEmails.get(sessionId))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(server.messages).toHaveLength(1);
    expect(silent.received()).toBe(0);
  });
});
