import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { FACE_JPEG, uploadResources } from '../../helpers/uploads.ts';
import { waitForTask } from '../../helpers/tasks.ts';
import { PlatformDbReader, refusal } from './skin-api-fixtures.ts';

/**
 * Analysis over its time limit (D-028, D-030): a task fails with 45105 in its result; a
 * synchronous detection call answers the specification's 40057 "interface call timeout". The
 * limits are shortened by configuration (analysisTaskTimeoutMs, detectTimeoutMs) far below what
 * a 12-megapixel photo takes to decode, so the real analysis overruns them.
 */
describe('analysis over its time limit', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let db: PlatformDbReader;
  let merchantId: string;
  let large: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1, analysisTaskTimeoutMs: 20, detectTimeoutMs: 20 } });
    client = tp.client(tp.app('primary'));
    merchantId = tp.app('primary').merchant_id!;
    db = new PlatformDbReader(tp.platform.services.sql);
    const photo = await sharp(FACE_JPEG).resize(4000, 3000, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
    large = (await uploadResources(client, ['front_image'], photo))['front_image']!;
  });
  afterAll(async () => {
    await tp.stop();
  });

  it('fails the task with 45105 and charges nothing', async () => {
    const before = await db.counters(merchantId);
    for (const api_code of ['online_skin', 'facial_analysis'] as const) {
      const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code, algorithm_variant: 'standard', resources: { front_image: large } } });
      const result = await waitForTask(client, task_id);
      if (result.status !== 'failed') expect.fail(`${api_code} ${result.status}, expected failed`);
      expect(result.error).toEqual({ code: 45105, msg: 'analysis timed out' });
      expect(await db.task(task_id)).toMatchObject({ quota_reserved: 0, quota_charged: 0 });
    }
    expect(await db.counters(merchantId)).toEqual(before);
  });

  it('answers 40057 at every detection endpoint (HTTP 200, envelope), never 45105', async () => {
    for (const ep of [skinApiEndpoints.detectSkin, skinApiEndpoints.detectFacePose, skinApiEndpoints.detectFacialAttributes]) {
      expect(await refusal(client.call(ep, { body: { pic_url: large } })), ep.path).toEqual({
        code: 40057,
        msg: 'interface call timeout',
        http: 200,
        response: {},
        detail: 'pic_url: analysis did not finish within 20 ms',
      });
    }
  });
});
