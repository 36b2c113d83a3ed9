/**
 * Single-camera kiosk reports (decision R-020): POST /device_api/reports with source_type pad
 * takes an online_skin task and front/left/right images, and the report is pulled as
 * ReportItem_SDK under source_type pad and pushed as report.created (PushData_SDK_Report).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { DeviceReportRequest } from '../../../protocol/device-sync/reports.ts';
import { pullReportResponseSchema } from '../../../protocol/report-data/pull-response.ts';
import { pushBodySchema, type PushBody } from '../../../protocol/report-data/push.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { startMerchantReference, type RunningMerchantReference } from '../../../platform/merchant-reference/server.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { captureSession, clientId, pull, signedQuery, skinResult, syncUser } from './helpers.ts';

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return (error as PlatformError).code;
}

describe('single-camera reports (source_type pad)', () => {
  let tp: TestPlatform;
  let app: DemoApp;
  let client: PlatformClient;
  let merchantId: number;
  let receiver: RunningMerchantReference;
  const received: PushBody[] = [];

  /** A finished online_skin + all_race_v2 task over uploaded front (and side) images. */
  async function onlineSkinTask(views: readonly ('front' | 'left' | 'right')[]): Promise<{ images: Record<string, string>; taskId: string }> {
    const images = await uploadResources(client, views.map((v) => `${v}_image`));
    const { sql, objects, clock } = tp.platform.services;
    const annotationKey = `${randomBytes(16).toString('hex')}-pore_front.png`;
    await objects.put(annotationKey, Buffer.from('\x89PNG\r\n\x1a\n annotation'));
    const taskId = `t${randomBytes(14).toString('hex')}`;
    const order = (await sql.one<{ id: number }>('SELECT id FROM skin_orders WHERE merchant_id = ?', [merchantId]))!;
    const request = { api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: images, view_count: views.length, light_sources: [], dimension_codes: [], output_options: { mask_format: 'annotation_image' } };
    const now = clock.now();
    await sql.run(
      `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, request_hash, result, created_at, updated_at, finished_at)
       VALUES (?, ?, ?, ?, 'online_skin', 'all_race_v2', ?, 'succeeded', 1, 'h', ?, ?, ?, ?)`,
      [taskId, merchantId, app.app_id, order.id, JSON.stringify(request), JSON.stringify(skinResult(annotationKey)), now, now, now],
    );
    return { images, taskId };
  }

  function padBody(clientUserId: string, session: { images: Record<string, string>; taskId: string }, overrides: Record<string, unknown> = {}): DeviceReportRequest {
    return {
      client_report_id: clientId('pad'),
      client_user_id: clientUserId,
      source_type: 'pad',
      store_custom_id: 'SG001',
      device_sn: 'SC-0007',
      task_id: session.taskId,
      images: session.images,
      created_at: 1_700_000_000,
      ...overrides,
    } as DeviceReportRequest;
  }

  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1, pushPollMs: 50, allowedPrivateCallbackHosts: ['127.0.0.1:*'] } });
    app = tp.app('primary');
    client = tp.client(app);
    merchantId = Number(app.merchant_id);
    receiver = await startMerchantReference({ secret: app.app_secret, onEvent: (event) => void received.push(event) });
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${receiver.url}/webhook` } });
  });
  afterAll(async () => {
    await receiver.close();
    await tp.stop();
  });

  it('stores a pad report from an online_skin task, pulled as ReportItem_SDK and pushed as report.created', async () => {
    const user = await syncUser(client);
    const session = await onlineSkinTask(['front']);
    const body = padBody(user.client_user_id, session);
    const answer = await client.call(deviceSyncEndpoints.submitReport, { body });
    expect(answer).toMatchObject({ source_type: 'pad', report_id: 1, user_id: user.user.id, report_url: expect.stringContaining('/shared/reports/') });
    expect(await client.call(deviceSyncEndpoints.submitReport, { body })).toEqual(answer);

    const query = signedQuery(app, { data_type: 'report', source_type: 'pad', begin: 1_700_000_000 - 60, end: 1_700_000_000 + 60 }, tp);
    const page = pullReportResponseSchema('pad').parse(await pull(client, query));
    expect(page.lists).toHaveLength(1);
    expect(page.lists[0]).toMatchObject({
      id: answer.report_id,
      source_type: 'pad',
      task_id: session.taskId,
      api_code: 'online_skin',
      algorithm_variant: 'all_race_v2',
      app_id: app.app_id,
      device_sn: 'SC-0007',
      user_id: user.user.id,
      overall_score: 82.5,
      images: { front_image: expect.stringContaining('/shared/files/') },
    });
    const device20 = signedQuery(app, { data_type: 'report', source_type: 'device20', begin: 1_700_000_000 - 60, end: 1_700_000_000 + 60 }, tp);
    expect((await pull(client, device20)).lists).toEqual([]);

    const deadline = Date.now() + 10_000;
    while (!received.some((e) => e.data_type === 'report') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const pushed = received.find((e) => e.data_type === 'report')!;
    expect(pushBodySchema.parse(pushed)).toMatchObject({ action_type: 'report.created', source_type: 'pad', data: { id: answer.report_id, app_id: app.app_id, device_sn: 'SC-0007' } });
  });

  it('three views: left_image and right_image come together', async () => {
    const user = await syncUser(client);
    const session = await onlineSkinTask(['front', 'left', 'right']);
    const answer = await client.call(deviceSyncEndpoints.submitReport, { body: padBody(user.client_user_id, session) });
    expect(answer.report_id).toBe(2);
    const lonely = { front_image: session.images['front_image']!, left_image: session.images['left_image']! };
    expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: padBody(user.client_user_id, { ...session, images: lonely }) }))).toBe(400);
  });

  it('refuses a device_v task for pad and an online_skin task for device20 (46204), device_v image keys for pad (400)', async () => {
    const user = await syncUser(client);
    const multiLight = await captureSession(tp, client, merchantId);
    expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: padBody(user.client_user_id, { images: { front_image: multiLight.images['white_front_image']! }, taskId: multiLight.taskId }) }))).toBe(46204);
    const single = await onlineSkinTask(['front']);
    const asDevice20 = { ...padBody(user.client_user_id, { images: multiLight.images, taskId: single.taskId }), source_type: 'device20' } as DeviceReportRequest;
    expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: asDevice20 }))).toBe(46204);
    expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: padBody(user.client_user_id, { images: multiLight.images, taskId: single.taskId }) }))).toBe(400);
  });
});
