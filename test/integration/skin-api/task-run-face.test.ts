import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { facePoseResultSchema, facialAnalysisResultSchema } from '../../../protocol/skin-api/detection.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { FACE_JPEG, uploadResources } from '../../helpers/uploads.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';

describe('face capabilities run to a result', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let front: string;
  let imageServer: Server;
  let imageServerUrl: string;
  beforeAll(async () => {
    imageServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(FACE_JPEG));
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    const address = imageServer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    imageServerUrl = `http://127.0.0.1:${port}/face.jpg`;
    // The loopback image server stands in for a merchant's internal image host (D-027).
    tp = await startTestPlatform({ config: { analysisWorkers: 2, allowedPrivateImageHosts: [`127.0.0.1:${port}`] } });
    client = tp.client(tp.app('primary'));
    front = (await uploadResources(client, ['front_image']))['front_image']!;
  });
  afterAll(async () => {
    await tp.stop();
    imageServer.close();
  });

  it('facial_analysis gives 468 normalised landmarks inside the face rectangle', async () => {
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: front } } });
    const result = expectSucceeded(await waitForTask(client, task_id));
    if (result.result.type !== 'facial_analysis') expect.fail('wrong result type');
    const { face_landmark, face_rectangle } = result.result.face;
    expect(face_landmark).toHaveLength(468);
    const inside = face_landmark.filter(([x, y]) => x >= face_rectangle.left - 0.01 && x <= face_rectangle.left + face_rectangle.width + 0.01 && y >= face_rectangle.top - 0.01 && y <= face_rectangle.top + face_rectangle.height + 0.01);
    expect(inside.length).toBe(468);
  });

  it('face_pose_correction + all_race_v2 gives a pose per view', async () => {
    const views = await uploadResources(client, ['front_image', 'left_image', 'right_image']);
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'face_pose_correction', algorithm_variant: 'all_race_v2', resources: views } });
    const result = expectSucceeded(await waitForTask(client, task_id));
    if (result.result.type !== 'face_pose') expect.fail('wrong result type');
    expect(result.result.views.map((v) => v.view)).toEqual(['front', 'left', 'right']);
    for (const v of result.result.views) expect(Math.abs(Number(v.pose.facePoseEuler.yaw))).toBeLessThan(25);
  });

  it('a photo without a face fails the task with 45103 and consumes no quota', async () => {
    const sharp = (await import('sharp')).default;
    const gradient = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 180, b: 160 } } }).jpeg().toBuffer();
    const blank = (await uploadResources(client, ['front_image'], gradient))['front_image']!;
    const { sql } = tp.platform.services;
    const quota = () => sql.one('SELECT quota_used, quota_reserved FROM skin_orders WHERE merchant_id = ?', [Number(tp.app('primary').merchant_id)]);
    const before = await quota();
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: blank } } });
    const result = await waitForTask(client, task_id);
    expect(result.status).toBe('failed');
    if (result.status === 'failed') expect(result.error.code).toBe(45103);
    expect(await quota()).toEqual(before);
  });

  it('the detection endpoints answer bare payloads for an own resource and an allowed image host', async () => {
    for (const pic_url of [front, imageServerUrl]) {
      const pose = await client.call(skinApiEndpoints.detectFacePose, { body: { pic_url } });
      expect(facePoseResultSchema.parse(pose).faceRatio).toBeTruthy();
      const attributes = await client.call(skinApiEndpoints.detectFacialAttributes, { body: { pic_url } });
      expect(facialAnalysisResultSchema.parse(attributes).face_landmark).toHaveLength(468);
    }
  });

  it('the detection endpoints refuse loopback and private addresses that are not the platform\'s own files', async () => {
    for (const pic_url of ['http://127.0.0.1:9/a.jpg', 'http://10.1.2.3/a.jpg', 'http://[::1]/a.jpg', 'http://169.254.169.254/latest/meta-data', 'file:///etc/passwd']) {
      const error = await client.call(skinApiEndpoints.detectFacePose, { body: { pic_url } }).then(() => null, (e: unknown) => e);
      expect(error, pic_url).toBeInstanceOf(PlatformError);
      expect([45101, 400]).toContain((error as PlatformError).code);
    }
  });
});
