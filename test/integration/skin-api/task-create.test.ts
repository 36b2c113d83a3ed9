import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { LIGHT_SOURCES, VIEWS, deviceVImageKey } from '../../../protocol/skin-api/api-codes.ts';
import type { TaskRequest } from '../../../protocol/skin-api/task-request.ts';
import { request } from 'undici';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  expect((error as PlatformError).response).toEqual({});
  return (error as PlatformError).code;
}

async function order(tp: TestPlatform, merchantId: string) {
  const row = await tp.platform.services.sql.one<{ quota_used: number; quota_reserved: number }>('SELECT quota_used, quota_reserved FROM skin_orders WHERE merchant_id = ?', [Number(merchantId)]);
  return row!;
}

describe('analysis task creation rules', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let white: Record<string, string>;
  let all: Record<string, string>;
  let front: string;
  let left: string;
  let right: string;
  beforeAll(async () => {
    // Zero workers would be refused by the config; one worker is enough for creation tests.
    tp = await startTestPlatform({ config: { analysisWorkers: 1 } });
    client = tp.client(tp.app('primary'));
    const keys = LIGHT_SOURCES.flatMap((light) => VIEWS.map((view) => deviceVImageKey(light, view)));
    all = await uploadResources(client, keys);
    white = Object.fromEntries(VIEWS.map((view) => [deviceVImageKey('white', view), all[deviceVImageKey('white', view)]!]));
    [front, left, right] = VIEWS.map((view) => all[deviceVImageKey('white', view)]!) as [string, string, string];
  });
  afterAll(() => tp.stop());

  const create = (body: unknown) => client.call(skinApiEndpoints.createTask, { body: body as TaskRequest });
  const pick = (...lights: string[]) => Object.fromEntries(Object.entries(all).filter(([key]) => lights.some((light) => key.startsWith(`${light}_`))));

  it('accepts every supported pair and answers a task id', async () => {
    const accepted: TaskRequest[] = [
      { api_code: 'device_v', algorithm_variant: 'standard', resources: white },
      { api_code: 'device_v', algorithm_variant: 'partition', resources: all, dimension_codes: ['pore', 'acne'] },
      { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: front } },
      { api_code: 'online_skin', algorithm_variant: 'all_race', resources: { front_image: front } },
      { api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: front, left_image: left, right_image: right }, output_options: { mask_format: 'annotation_json' } },
      { api_code: 'face_pose_correction', algorithm_variant: 'standard', resources: { front_image: front } },
      { api_code: 'face_pose_correction', algorithm_variant: 'all_race', resources: { front_image: front } },
      { api_code: 'face_pose_correction', algorithm_variant: 'all_race_v2', resources: { front_image: front } },
      { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: front } },
      { api_code: 'facial_analysis', algorithm_variant: 'all_race', resources: { front_image: front } },
    ];
    for (const body of accepted) expect((await create(body)).task_id).toMatch(/^[0-9a-z]{29}$/);
  });

  it.each([
    ['an unsupported pair', { api_code: 'device_v', algorithm_variant: 'all_race' }, 45001],
    ['an unknown api_code', { api_code: 'teeth', algorithm_variant: 'standard', resources: {} }, 45001],
    ['a missing algorithm_variant', { api_code: 'device_v' }, 400],
  ])('refuses %s', async (_, body, code) => {
    expect(await codeOf(create(body))).toBe(code);
  });

  it('enforces the device_v image rules', async () => {
    const withoutRight = { ...white };
    delete withoutRight['white_right_image'];
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: withoutRight }))).toBe(45002);
    const partialGlow = { ...white, white_glow_front_image: front, white_glow_left_image: left };
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: partialGlow }))).toBe(45004);
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: pick('white', 'uv') }))).toBe(45004);
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: pick('white', 'parallel_polar') }))).toBe(45004);
    expect((await create({ api_code: 'device_v', algorithm_variant: 'standard', resources: pick('white', 'cross_polar', 'uv') })).task_id).toBeTruthy();
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: { ...white, front_image: front } }))).toBe(45003);
  });

  it('reads paralle_polar_* keys as parallel_polar_*', async () => {
    const misspelt = Object.fromEntries(Object.entries(pick('white', 'cross_polar', 'parallel_polar')).map(([k, v]) => [k.replace('parallel_polar', 'paralle_polar'), v]));
    expect((await create({ api_code: 'device_v', algorithm_variant: 'standard', resources: misspelt })).task_id).toBeTruthy();
  });

  it('enforces single-image and three-view rules', async () => {
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: front, left_image: left, right_image: right } }))).toBe(45003);
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: front, left_image: left } }))).toBe(45002);
    expect(await codeOf(create({ api_code: 'facial_analysis', algorithm_variant: 'standard', resources: {} }))).toBe(45002);
  });

  it('allows dimension_codes only for device_v and output_options only for online_skin + all_race_v2', async () => {
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: front }, dimension_codes: ['pore'] }))).toBe(45007);
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: white, dimension_codes: ['freckles'] }))).toBe(45008);
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: front }, output_options: { mask_format: 'annotation_json' } }))).toBe(45009);
    expect((await create({ api_code: 'device_v', algorithm_variant: 'standard', resources: white, dimension_codes: ['sensitiveness'], output_options: {} })).task_id).toBeTruthy();
  });

  it('maps compatibility fields, accepts identical duplicates and refuses conflicts', async () => {
    const ok = [
      { api_code: 'online_skin', algorithm_variant: 'standard', pic_url: front },
      { api_code: 'online_skin', algorithm_variant: 'standard', pic_url: front, resources: { front_image: front } },
      { api_code: 'device_v', algorithm_variant: 'standard', json: JSON.stringify(white) },
      { api_code: 'device_v', algorithm_variant: 'standard', json: white, resources: white, custom: { shop: 'a' }, metadata: { shop: 'a' } },
      { api_code: 'online_skin', algorithm_variant: 'all_race_v2', pic_url: front, detect_mask_type: 2, output_options: { mask_format: 'annotation_json' }, detect_face_type: 1 },
    ];
    for (const body of ok) expect((await create(body)).task_id, JSON.stringify(body).slice(0, 80)).toBeTruthy();
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'standard', pic_url: front, resources: { front_image: left } }))).toBe(45006);
    expect(await codeOf(create({ api_code: 'device_v', algorithm_variant: 'standard', json: white, resources: pick('white', 'cross_polar') }))).toBe(45006);
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', pic_url: front, detect_mask_type: 1, output_options: { mask_format: 'annotation_json' } }))).toBe(45006);
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', pic_url: front, detect_face_type: 2 }))).toBe(45011);
  });

  it('refuses resources that are not this merchant\'s uploads or not http(s)', async () => {
    const other = await uploadResources(tp.client(tp.app('second')), ['front_image']);
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: other['front_image']! } }))).toBe(45005);
    expect(await codeOf(create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: 'ftp://example.com/a.jpg' } }))).toBe(45005);
  });

  it('never returns metadata and keeps it stored', async () => {
    const { task_id } = await create({ api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: front }, metadata: { visit: 'spring-campaign' } });
    const result = await client.call(skinApiEndpoints.taskResult, { query: { task_id } });
    expect(JSON.stringify(result)).not.toContain('spring-campaign');
    const row = (await tp.platform.services.sql.one<{ metadata: string }>('SELECT metadata FROM tasks WHERE id = ?', [task_id]))!;
    expect(JSON.parse(row.metadata)).toEqual({ visit: 'spring-campaign' });
  });

  it('creates one task per idempotency key and refuses the key for another request', async () => {
    const body = { api_code: 'device_v', algorithm_variant: 'standard', resources: white };
    const send = async (key: string, payload: unknown) => {
      const token = await client.accessToken();
      const res = await request(`${tp.platform.url}/skin_api/analyze/task`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': token, [IDEMPOTENCY_KEY_HEADER]: key },
        body: JSON.stringify(payload),
      });
      return (await res.body.json()) as { meta: { code: number }; response: { task_id?: string } };
    };
    const before = await order(tp, tp.app('primary').merchant_id!);
    const first = await send('session-42-task', body);
    const again = await Promise.all([send('session-42-task', body), send('session-42-task', body)]);
    expect(first.meta.code).toBe(0);
    for (const answer of again) expect(answer.response.task_id).toBe(first.response.task_id);
    const count = (await tp.platform.services.sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE idempotency_key = 'session-42-task'"))!;
    expect(count.n).toBe(1);
    const after = await order(tp, tp.app('primary').merchant_id!);
    expect(after.quota_used + after.quota_reserved).toBe(before.quota_used + before.quota_reserved + 1);
    const conflict = await send('session-42-task', { ...body, dimension_codes: ['pore'] });
    expect(conflict.meta.code).toBe(45012);
  });

  it('refuses a task without a valid order (45020) and with no quota left (45021), consuming nothing', async () => {
    const second = tp.app('second');
    const secondClient = tp.client(second);
    const resources = await uploadResources(secondClient, ['front_image']);
    const { sql } = tp.platform.services;
    await sql.run('UPDATE skin_orders SET quota_total = quota_used + quota_reserved WHERE merchant_id = ?', [Number(second.merchant_id)]);
    expect(await codeOf(secondClient.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'standard', resources } }))).toBe(45021);
    // Pairs without quota still run on a valid order with nothing left.
    expect((await secondClient.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources } })).task_id).toBeTruthy();
    await sql.run('UPDATE skin_orders SET valid_until = valid_from WHERE merchant_id = ?', [Number(second.merchant_id)]);
    expect(await codeOf(secondClient.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources } }))).toBe(45020);
  });

  it('answers 45030 for an unknown task and for another merchant\'s task', async () => {
    const { task_id } = await create({ api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: front } });
    expect(await codeOf(tp.client(tp.app('second')).call(skinApiEndpoints.taskResult, { query: { task_id } }))).toBe(45030);
    expect(await codeOf(client.call(skinApiEndpoints.taskResult, { query: { task_id: 'nope' } }))).toBe(45030);
  });
});
