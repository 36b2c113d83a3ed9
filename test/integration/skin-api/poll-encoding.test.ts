import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../../../protocol/token.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { succeededTask } from '../report-data/helpers.ts';

/**
 * gzip of kept answers (D-081): a finished task's poll is sent compressed to a client that asks,
 * with the bytes it would get otherwise, and the kept answer behind it is still only reached
 * through the poll's authentication and merchant check.
 */
describe('a finished task poll, gzip-encoded when asked', () => {
  let tp: TestPlatform;
  let primary: PlatformClient;
  let second: PlatformClient;
  let taskId: string;
  beforeAll(async () => {
    tp = await startTestPlatform();
    primary = tp.client(tp.app('primary'));
    second = tp.client(tp.app('second'));
    taskId = await succeededTask(tp, Number(tp.app('primary').merchant_id), {});
  });
  afterAll(() => tp.stop());

  async function poll(client: PlatformClient, merchantId: string, acceptEncoding?: string, id = taskId) {
    const res = await request(`${tp.platform.url}/skin_api/analyze/result?task_id=${id}`, {
      headers: { [ACCESS_TOKEN_HEADER]: await client.accessToken(), [MERCHANT_ID_HEADER]: merchantId, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
    const wire = Buffer.from(await res.body.arrayBuffer());
    const encoding = res.headers['content-encoding'];
    const body = JSON.parse((encoding === 'gzip' ? gunzipSync(wire) : wire).toString('utf8')) as { meta: { code: number; req_id: string }; response: unknown };
    return { status: res.statusCode, encoding, vary: res.headers.vary, length: Number(res.headers['content-length']), wire, body };
  }

  const withoutReqId = (body: { meta: { req_id: string } }) => ({ ...body, meta: { ...body.meta, req_id: '' } });

  it('answers the same envelope either way, compressed only for a client that accepts gzip', async () => {
    const merchant = String(tp.app('primary').merchant_id);
    const plain = await poll(primary, merchant);
    const gzip = await poll(primary, merchant, 'gzip, deflate, br');
    const refused = await poll(primary, merchant, 'gzip;q=0, br');
    expect(plain.body.meta.code).toBe(0);
    expect(plain.encoding).toBeUndefined();
    expect(refused.encoding).toBeUndefined();
    expect(gzip.encoding).toBe('gzip');
    for (const answer of [plain, gzip, refused]) {
      expect(answer.vary).toBe('accept-encoding');
      expect(answer.length).toBe(answer.wire.length);
      expect(withoutReqId(answer.body)).toEqual(withoutReqId(plain.body));
    }
    expect(gzip.wire.length).toBeLessThan(plain.wire.length);
    // Every answer has its own req_id, compressed or not.
    expect(new Set([plain, gzip, refused].map((a) => a.body.meta.req_id)).size).toBe(3);
  });

  it('never serves the kept answer to another merchant or without a valid token', async () => {
    const merchant = String(tp.app('primary').merchant_id);
    await poll(primary, merchant, 'gzip');
    const other = await poll(second, String(tp.app('second').merchant_id), 'gzip');
    expect(other.body.meta.code).toBe(45030);
    expect(other.encoding).toBeUndefined();
    // The other merchant's token naming this merchant is refused before any task is read.
    const foreign = await poll(second, merchant, 'gzip');
    expect(foreign.body.meta.code).not.toBe(0);
    expect(foreign.body.response).not.toHaveProperty('task_id');
    const res = await request(`${tp.platform.url}/skin_api/analyze/result?task_id=${taskId}`, { headers: { [ACCESS_TOKEN_HEADER]: 'not-a-token', [MERCHANT_ID_HEADER]: merchant, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(((await res.body.json()) as { meta: { code: number } }).meta.code).toBe(1001);
  });

  it("reaches the kiosk's client, which asks for gzip, as the same typed result", async () => {
    const viaClient = await primary.call(skinApiEndpoints.taskResult, { query: { task_id: taskId } });
    const plain = await poll(primary, String(tp.app('primary').merchant_id));
    expect(viaClient).toEqual(plain.body.response);
    expect(viaClient.status).toBe('succeeded');
  });

  it('sends a task still running as before: made per request, not compressed', async () => {
    const merchantId = Number(tp.app('primary').merchant_id);
    const running = `t${'0'.repeat(28)}`;
    const order = (await tp.platform.services.sql.one<{ id: number }>('SELECT id FROM skin_orders WHERE merchant_id = ?', [merchantId]))!;
    const now = tp.platform.services.clock.now();
    await tp.platform.services.sql.run(
      `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, request_hash, created_at, updated_at)
       VALUES (?, ?, 'test', ?, 'device_v', 'standard', '{}', 'running', 1, 'h', ?, ?)`,
      [running, merchantId, order.id, now, now],
    );
    const answer = await poll(primary, String(merchantId), 'gzip', running);
    expect(answer.body.meta.code).toBe(0);
    expect(answer.body.response).toMatchObject({ task_id: running, status: 'running' });
    expect(answer.encoding).toBeUndefined();
    expect(answer.vary).toBeUndefined();
  });
});
