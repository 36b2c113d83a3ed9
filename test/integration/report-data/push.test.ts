import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { PushBody } from '../../../protocol/report-data/push.ts';
import { startMerchantReference, type RunningMerchantReference } from '../../../platform/merchant-reference/server.ts';
import { runReportDataCli } from '../../../platform/report-data/cli.ts';
import type { PlatformConfigInput } from '../../../platform/config.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { captureSession, reportBody, syncUser, userBody } from './helpers.ts';

/** Short retry delays: the schedule of D-023 is hours long; its shape is what the tests need. */
const CONFIG: Partial<PlatformConfigInput> = {
  analysisWorkers: 1,
  pushRetryDelaysMs: [100, 150, 200, 250, 300, 350, 400, 450],
  pushPollMs: 50,
  allowedPrivateCallbackHosts: ['127.0.0.1:*'],
};

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function eventStatuses(tp: TestPlatform): Promise<{ action_type: string; status: string }[]> {
  return tp.platform.services.sql.all<{ action_type: string; status: string }>('SELECT action_type, status FROM push_events ORDER BY id');
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => vi.restoreAllMocks());

describe('push delivery', () => {
  it('delivers every event in order to a receiver that fails at first, across a platform restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'push-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Retries for 20 s (the most the configuration allows): the receiver fails until the restart,
    // whatever the setup takes on a loaded machine.
    const config = { ...CONFIG, pushRetryDelaysMs: Array.from({ length: 20 }, () => 1000) };
    let tp = await startTestPlatform({ dataDir, config });
    cleanups.push(() => tp.stop());
    const app = tp.app('primary');
    const received: PushBody[] = [];
    let calls = 0;
    // Fails until the platform restarts: how many calls fit in the setup depends on the machine.
    let ready = false;
    const receiver = await startMerchantReference({
      secret: app.app_secret,
      onEvent: (event) => {
        calls++;
        if (!ready) throw new Error('receiver not ready');
        received.push(event);
      },
    });
    cleanups.push(() => receiver.close());
    let client = tp.client(app);
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${receiver.url}/webhook` } });

    const a = await syncUser(client, { name: 'Ann' });
    const refused = await syncUser(client, { name: 'No Consent', agree_clause_ids: ['user_agreement'] });
    await syncUser(client, { name: 'Bea' });
    await client.call(deviceSyncEndpoints.syncUser, { body: { ...userBody({ client_user_id: a.client_user_id, name: 'Ann Lee' }), revision: 1 } });
    const session = await captureSession(tp, client, Number(app.merchant_id));
    await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(a.client_user_id, session) });
    const refusedSession = await captureSession(tp, client, Number(app.merchant_id));
    await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(refused.client_user_id, refusedSession) });
    const expected = ['user.created', 'user.created', 'user.updated', 'report.created'];
    expect((await eventStatuses(tp)).map((e) => e.action_type)).toEqual(expected);

    await waitFor('three failed calls', () => calls >= 3);
    expect((await eventStatuses(tp)).every((e) => e.status === 'pending')).toBe(true);
    await tp.stop();
    const failedBeforeRestart = calls;
    ready = true;
    tp = await startTestPlatform({ dataDir, config });
    client = tp.client(app);

    await waitFor('every event delivered', async () => (await eventStatuses(tp)).every((e) => e.status === 'delivered'));
    expect(calls).toBeGreaterThan(failedBeforeRestart);
    expect(received.map((e) => ('action_type' in e ? e.action_type : undefined))).toEqual(expected);
    expect(new Set(received.map((e) => e.event_id)).size).toBe(received.length);
    const names = received.filter((e) => e.data_type === 'user').map((e) => (e.data as { name: string }).name);
    expect(names).toEqual(['Ann', 'Bea', 'Ann Lee']);
    expect(JSON.stringify(received)).not.toContain('No Consent');
    const reportUsers = received.filter((e) => e.data_type === 'report').map((e) => (e.data as { user_id: number }).user_id);
    expect(reportUsers).toEqual([a.user.id]);
    const attempts = (await tp.platform.services.sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM push_attempts WHERE outcome = 'failed'"))!;
    expect(attempts.n).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('counts only HTTP 200 with the body `success`; failed events are listed and can be delivered again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'push-body-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const tp = await startTestPlatform({ dataDir, config: { ...CONFIG, pushRetryDelaysMs: [50, 50] } });
    cleanups.push(() => tp.stop());
    let answer = 'ok';
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        bodies.push(text);
        res.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const client = tp.client(tp.app('primary'));
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` } });

    const test = await client.call(deviceSyncEndpoints.webhookTest, { body: {} });
    expect(test).toMatchObject({ delivered: false, http_status: 200, error: expect.stringContaining('success') });
    await syncUser(client, { name: 'Cara' });
    await waitFor('the event to fail for good', async () => (await eventStatuses(tp)).some((e) => e.status === 'failed'));
    expect(bodies.length).toBe(1 + 3);
    const failed = await client.call(deviceSyncEndpoints.deliveries, { query: { status: 'failed' } });
    expect(failed.total).toBe(1);
    expect(failed.list[0]).toMatchObject({ action_type: 'user.created', status: 'failed', attempts: 3, last_http_status: 200 });

    answer = 'success';
    const logs: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
    const database = tp.platform.services.config.databaseUrl;
    await runReportDataCli('deliveries', ['--data', dataDir, ...(database ? ['--database', database] : []), '--status', 'failed']);
    expect(logs.join('\n')).toContain(failed.list[0]!.event_id);
    const again = await client.call(deviceSyncEndpoints.redeliver, { body: { event_ids: [failed.list[0]!.event_id] } });
    expect(again.redelivered).toBe(1);
    await waitFor('the redelivered event', async () => (await eventStatuses(tp)).every((e) => e.status === 'delivered'));
    expect((await client.call(deviceSyncEndpoints.webhookTest, { body: {} })).delivered).toBe(true);
  }, 30_000);

  it('signs every call: a receiver holding another secret refuses it, and nothing counts as delivered', async () => {
    const tp = await startTestPlatform({ config: CONFIG });
    cleanups.push(() => tp.stop());
    const receiver: RunningMerchantReference = await startMerchantReference({ secret: 'not-the-app-secret' });
    cleanups.push(() => receiver.close());
    const client = tp.client(tp.app('primary'));
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${receiver.url}/webhook` } });
    expect(await client.call(deviceSyncEndpoints.webhookTest, { body: {} })).toMatchObject({ delivered: false, http_status: 401 });
    // The merchant's real secret passes.
    const settings = await client.call(deviceSyncEndpoints.integration);
    const good = await startMerchantReference({ secret: tp.app('primary').app_secret });
    cleanups.push(() => good.close());
    expect(settings.signing_app_id).toBe(tp.app('primary').app_id);
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${good.url}/webhook` } });
    expect(await client.call(deviceSyncEndpoints.webhookTest, { body: {} })).toMatchObject({ delivered: true, http_status: 200, error: '' });
  });

  it('never sends the event of a customer who withdrew consent before it went out', async () => {
    const tp = await startTestPlatform({ config: CONFIG });
    cleanups.push(() => tp.stop());
    const received: PushBody[] = [];
    const receiver = await startMerchantReference({ secret: tp.app('primary').app_secret, onEvent: (event) => void received.push(event) });
    cleanups.push(() => receiver.close());
    const client = tp.client(tp.app('primary'));
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${receiver.url}/webhook`, webhook_enabled: false } });
    const body = userBody({ name: 'Withdrawn' });
    await client.call(deviceSyncEndpoints.syncUser, { body });
    await client.call(deviceSyncEndpoints.syncUser, { body: { ...body, revision: 1, agree_clause_ids: ['user_agreement'], reject_clause_ids: ['privacy_policy'] } });
    await syncUser(client, { name: 'Stays' });
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_enabled: true } });
    await waitFor('the outbox to settle', async () => (await eventStatuses(tp)).every((e) => e.status !== 'pending'));
    expect((await eventStatuses(tp)).map((e) => e.status)).toEqual(['suppressed', 'delivered']);
    expect(received.map((e) => (e.data as { name: string }).name)).toEqual(['Stays']);
  });
});
