import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { reportDataEndpoints } from '../../../protocol/endpoints/report-data.ts';
import type { DeviceReportRequest } from '../../../protocol/device-sync/reports.ts';
import type { DeviceUserRequest } from '../../../protocol/device-sync/users.ts';
import { REQUIRED_CLAUSE_IDS } from '../../../protocol/report-data/consent.ts';
import type { PullQueryInput, pullQuerySchema } from '../../../protocol/report-data/pull-query.ts';
import type { z } from 'zod';
import type { PullResponse } from '../../../protocol/report-data/pull-response.ts';
import { deviceVImageKey, VIEWS } from '../../../protocol/skin-api/api-codes.ts';
import type { SkinResult } from '../../../protocol/skin-api/task-result.ts';
import { newOutputKey } from '../../../platform/skin-api/output-keys.ts';
import { sign } from '../../../platform/auth/signature.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import type { ReportRow, UserRow } from '../../../platform/report-data/report-repository.ts';
import type { TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';

/** Helpers of the report data integration tests: signed pulls, customers, reports. */

export const CONSENT = [...REQUIRED_CLAUSE_IDS];
export const WHITE_KEYS = VIEWS.map((view) => deviceVImageKey('white', view));

let serial = 0;
export function clientId(prefix = 'id'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}-${++serial}`;
}

export function nowSeconds(tp: TestPlatform): number {
  return Math.floor(tp.platform.services.clock.now() / 1000);
}

/** The query of a pull, signed with `secret` (default: the app's) over every parameter sent. */
export function signedQuery(app: DemoApp, params: Omit<PullQueryInput, 'app_id' | 'sig_time'> & { sig_time?: number }, tp: TestPlatform, secret = app.app_secret): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries({ app_id: app.app_id, sig_time: nowSeconds(tp), ...params })) if (value !== undefined) query[name] = String(value);
  return { ...query, sig: sign(query, secret) };
}

/** A pull through the kiosk's typed client (auth none: the signature is in the query). */
export function pull(client: PlatformClient, query: Record<string, string>): Promise<PullResponse> {
  // Signed queries are built as plain strings; the platform, not the client, checks them.
  return client.call(reportDataEndpoints.pull, { query: query as z.input<typeof pullQuerySchema> });
}

/** A pull over raw HTTP, for queries the typed client would not send. */
export async function rawPull(tp: TestPlatform, query: string): Promise<{ status: number; code: number; error: string; response: unknown }> {
  const res = await request(`${tp.platform.url}/data/lists.json?${query}`);
  const json = (await res.body.json()) as { meta: { code: number; error: string }; response: unknown };
  return { status: res.statusCode, code: json.meta.code, error: json.meta.error, response: json.response };
}

export function userBody(overrides: Partial<DeviceUserRequest> = {}): DeviceUserRequest {
  return { client_user_id: clientId('user'), store_custom_id: 'SG001', name: 'Chen Jing', gender: 2, birthday: '1990-05-17', phone_cc: 65, phone_number: '91234567', agree_clause_ids: CONSENT, ...overrides };
}

export function syncUser(client: PlatformClient, overrides: Partial<DeviceUserRequest> = {}) {
  return client.call(deviceSyncEndpoints.syncUser, { body: userBody(overrides) });
}

export function skinResult(annotationKey: string): SkinResult {
  return {
    type: 'skin',
    dimensions: [
      { dimension: 'pore', level: 2, score: 70, confidence: 0.9, annotations: [{ view: 'front', light: 'white', format: 'annotation_image', url: `/skin_api/file/output/${annotationKey}` }] },
      { dimension: 'acne', level: 0, score: 95, confidence: 0.8, annotations: [] },
    ],
    overall_score: 82.5,
    skin_age: 31,
    not_measured: [{ dimension: 'water', reason: 'resolution', detail: '3.1 px/mm on the face, needs 8' }],
    mask_format: 'annotation_image',
  };
}

/** A finished device_v task of the merchant, written straight to the table (no analysis run); its result skinResult's unless given. */
export async function succeededTask(tp: TestPlatform, merchantId: number, resources: Record<string, string>, result?: SkinResult): Promise<string> {
  const { sql, objects, clock } = tp.platform.services;
  const taskId = `t${randomBytes(14).toString('hex')}`;
  const annotationKey = newOutputKey(taskId, 'pore_front.png', clock.now());
  await objects.put(annotationKey, Buffer.from('\x89PNG\r\n\x1a\n annotation'));
  const order = (await sql.one<{ id: number }>('SELECT id FROM skin_orders WHERE merchant_id = ?', [merchantId]))!;
  const now = clock.now();
  const request = { api_code: 'device_v', algorithm_variant: 'standard', resources, view_count: 3, light_sources: ['white'], dimension_codes: [], output_options: null };
  await sql.run(
    `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, request_hash, result, created_at, updated_at, finished_at)
     VALUES (?, ?, 'test', ?, 'device_v', 'standard', ?, 'succeeded', 1, 'h', ?, ?, ?, ?)`,
    [taskId, merchantId, order.id, JSON.stringify(request), JSON.stringify(result ?? skinResult(annotationKey)), now, now, now],
  );
  return taskId;
}

/** Uploads the white set through the real upload flow and makes a finished task over it. */
export async function captureSession(tp: TestPlatform, client: PlatformClient, merchantId: number): Promise<{ images: Record<string, string>; taskId: string }> {
  const images = await uploadResources(client, WHITE_KEYS);
  return { images, taskId: await succeededTask(tp, merchantId, images) };
}

export function reportBody(clientUserId: string, session: { images: Record<string, string>; taskId: string }, overrides: Partial<DeviceReportRequest> = {}): DeviceReportRequest {
  // Tests also send bodies the schema refuses (a missing white image): the platform must say 400.
  return {
    client_report_id: clientId('report'),
    client_user_id: clientUserId,
    source_type: 'device20',
    store_custom_id: 'SG001',
    device_sn: 'DV-0001',
    task_id: session.taskId,
    images: session.images,
    created_at: 1_700_000_000,
    ...overrides,
  } as DeviceReportRequest;
}

/**
 * Many rows at once for paging tests: through the platform's own store, in one transaction.
 * Reports copy a template row (its images and result) under fresh ids.
 */
export async function bulkReports(tp: TestPlatform, template: ReportRow, count: number, createdAt: (i: number) => number, user?: UserRow): Promise<number[]> {
  const { clock, reportData } = tp.platform.services;
  const now = clock.now();
  return reportData.store.inserting('reports', async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const row = await reportData.store.insertReport(
        tx,
        {
          merchantId: template.merchant_id,
          sourceType: template.source_type,
          clientReportId: clientId('bulk'),
          requestHash: 'bulk',
          userId: user?.id ?? template.user_id,
          storeId: template.store_id,
          accountId: 0,
          deviceSn: template.device_sn,
          taskId: null,
          appId: template.app_id,
          apiCode: template.api_code,
          algorithmVariant: template.algorithm_variant,
          lightSources: JSON.parse(template.light_sources) as string[],
          images: JSON.parse(template.images) as Record<string, string>,
          result: JSON.parse(template.result),
          pageKey: randomBytes(16).toString('hex'),
          pageExpiresAt: template.page_expires_at,
          createdAt: createdAt(i) * 1000,
        },
        now,
      );
      ids.push(row.report_no);
    }
    return ids;
  });
}
