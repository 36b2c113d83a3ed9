import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import type { TaskRequest } from '../../../protocol/skin-api/task-request.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';
import { badImages, countingServer, PlatformDbReader, refusal } from './skin-api-fixtures.ts';

interface GatedImageServer {
  port: number;
  /** Requests held until release(). */
  readonly waiting: number;
  release(): void;
  close(): Promise<void>;
}

/** An image host that holds every request until the test releases it. */
async function gatedImageServer(image: Buffer): Promise<GatedImageServer> {
  const held: (() => void)[] = [];
  let open = false;
  const server = await countingServer((_req, res) => {
    const answer = () => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
    if (open) answer();
    else held.push(answer);
  }, '127.0.0.1');
  return {
    port: server.port,
    get waiting() {
      return held.length;
    },
    release() {
      open = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () => server.close(),
  };
}

/**
 * Quota (specification: Quota; D-027): one unit per device_v or online_skin task that succeeds,
 * none for refused or failed tasks, none for face_pose_correction and facial_analysis, which
 * still need a valid order. Counters are read from the platform's database.
 */
describe('quota is counted once per successful task and never otherwise', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let db: PlatformDbReader;
  let merchantId: string;
  let face: Record<string, string>;
  let noFace: string;
  let unreadable: string;
  let gate: GatedImageServer;
  beforeAll(async () => {
    gate = await gatedImageServer((await badImages()).no_face);
    tp = await startTestPlatform({ config: { analysisWorkers: 2, allowedPrivateImageHosts: [`127.0.0.1:${gate.port}`] } });
    client = tp.client(tp.app('primary'));
    merchantId = tp.app('primary').merchant_id!;
    db = new PlatformDbReader(tp.platform.services.sql);
    face = await uploadResources(client, ['front_image', 'left_image', 'right_image']);
    const bad = await badImages();
    noFace = (await uploadResources(client, ['front_image'], bad.no_face))['front_image']!;
    unreadable = (await uploadResources(client, ['front_image'], bad.truncated_jpeg))['front_image']!;
  });
  afterAll(async () => {
    await tp.stop();
    await gate.close();
  });

  const create = (body: TaskRequest) => client.call(skinApiEndpoints.createTask, { body });
  /** The operator's hand on the order: its size and dates (the platform has no order API). */
  const setOrder = async (sql: string, ...params: number[]) => {
    await tp.platform.services.sql.run(`UPDATE skin_orders SET ${sql} WHERE merchant_id = ?`, [...params, Number(merchantId)]);
  };

  it('a refused task reserves nothing and leaves no task behind', async () => {
    const before = await db.counters(merchantId);
    const tasks = await db.taskCount(merchantId);
    const refused: [TaskRequest, number][] = [
      [{ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: face['front_image']!, left_image: face['left_image']! } }, 45003],
      [{ api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: face['front_image']! }, output_options: { mask_format: 'png' } } as unknown as TaskRequest, 45010],
      [{ api_code: 'device_v', algorithm_variant: 'standard', resources: { white_front_image: face['front_image']! } }, 45002],
      [{ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: 'ftp://example.com/a.jpg' } }, 45005],
    ];
    for (const [body, code] of refused) expect((await refusal(create(body))).code).toBe(code);
    expect(await db.counters(merchantId)).toEqual(before);
    expect(await db.taskCount(merchantId)).toBe(tasks);
  });

  it('a successful online_skin task is charged exactly once, however often its result is read', async () => {
    const before = await db.counters(merchantId);
    const { task_id } = await create({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: face['front_image']! } });
    expectSucceeded(await waitForTask(client, task_id));
    const charged = { ...before, quota_used: before.quota_used + 1 };
    expect(await db.counters(merchantId)).toEqual(charged);
    expect(await db.task(task_id)).toMatchObject({ status: 'succeeded', quota_reserved: 0, quota_charged: 1 });
    for (let i = 0; i < 5; i++) expect((await client.call(skinApiEndpoints.taskResult, { query: { task_id } })).status).toBe('succeeded');
    expect(await db.counters(merchantId)).toEqual(charged);
  });

  it.each([
    ['with no face', () => noFace, 45103],
    ['with unreadable bytes', () => unreadable, 45102],
  ])('a task that fails during analysis (%s) releases its unit', async (_, url, code) => {
    const before = await db.counters(merchantId);
    const { task_id } = await create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: url() } });
    const result = await waitForTask(client, task_id);
    if (result.status !== 'failed') expect.fail(`expected a failure, got ${result.status}`);
    expect(result.error.code).toBe(code);
    expect(await db.counters(merchantId)).toEqual(before);
    expect(await db.task(task_id)).toMatchObject({ status: 'failed', quota_reserved: 0, quota_charged: 0 });
  });

  it('face_pose_correction and facial_analysis consume nothing, even with no unit left, but need a valid order', async () => {
    const before = await db.counters(merchantId);
    await setOrder('quota_total = quota_used + quota_reserved');
    try {
      const exhausted = await db.counters(merchantId);
      for (const body of [
        { api_code: 'face_pose_correction', algorithm_variant: 'all_race_v2', resources: face },
        { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: face['front_image']! } },
      ] as TaskRequest[]) {
        const { task_id } = await create(body);
        expectSucceeded(await waitForTask(client, task_id));
        expect(await db.task(task_id)).toMatchObject({ quota_reserved: 0, quota_charged: 0 });
      }
      await client.call(skinApiEndpoints.detectFacePose, { body: { pic_url: face['front_image']! } });
      expect(await db.counters(merchantId)).toEqual(exhausted);
      // Quota-counting pairs are refused with 45021, before anything is queued.
      const tasks = await db.taskCount(merchantId);
      expect((await refusal(create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: face['front_image']! } }))).code).toBe(45021);
      expect((await refusal(create({ api_code: 'device_v', algorithm_variant: 'standard', resources: { white_front_image: face['front_image']!, white_left_image: face['left_image']!, white_right_image: face['right_image']! } }))).code).toBe(45021);
      expect(await db.taskCount(merchantId)).toBe(tasks);
      expect(await db.counters(merchantId)).toEqual(exhausted);

      await setOrder('valid_until = valid_from');
      expect((await refusal(create({ api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: face['front_image']! } }))).code).toBe(45020);
      expect((await refusal(create({ api_code: 'face_pose_correction', algorithm_variant: 'standard', resources: { front_image: face['front_image']! } }))).code).toBe(45020);
      expect((await refusal(client.call(skinApiEndpoints.detectFacePose, { body: { pic_url: face['front_image']! } }))).code).toBe(45020);
    } finally {
      await setOrder('quota_total = ?, valid_until = ?', before.quota_total, Date.now() + 24 * 3600 * 1000);
    }
  });

  it('a unit held by a running task is not given to another, and a failed task gives it back', async () => {
    const start = await db.counters(merchantId);
    await setOrder('quota_total = quota_used + quota_reserved + 1');
    try {
      // The first task's image download waits until the test lets it go, so the task is running.
      const holding = await create({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: `http://127.0.0.1:${gate.port}/no-face.jpg` } });
      await expect.poll(() => gate.waiting, { timeout: 30_000 }).toBe(1);
      const onlyUnit = { ...start, quota_total: start.quota_used + start.quota_reserved + 1, quota_reserved: start.quota_reserved + 1 };
      expect(await db.counters(merchantId)).toEqual(onlyUnit);
      const other = { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: face['front_image']! } } as const;
      expect((await refusal(create(other))).code).toBe(45021);

      gate.release();
      const failed = await waitForTask(client, holding.task_id);
      if (failed.status !== 'failed') expect.fail(`expected a failure, got ${failed.status}`);
      expect(failed.error.code).toBe(45103);
      expect(await db.counters(merchantId)).toEqual({ ...onlyUnit, quota_reserved: start.quota_reserved });

      const { task_id } = await create(other);
      expectSucceeded(await waitForTask(client, task_id));
      expect(await db.counters(merchantId)).toEqual({ ...onlyUnit, quota_reserved: start.quota_reserved, quota_used: start.quota_used + 1 });
      expect((await refusal(create(other))).code).toBe(45021);
    } finally {
      await setOrder('quota_total = ?', start.quota_total);
    }
  });
});
