import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import type { TaskRequest } from '../../../protocol/skin-api/task-request.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { waitForTask } from '../../helpers/tasks.ts';
import { badImages, countingServer, PlatformDbReader, poorPhotos, refusal, type CountingServer } from './skin-api-fixtures.ts';

const DETECTIONS = [skinApiEndpoints.detectSkin, skinApiEndpoints.detectFacePose, skinApiEndpoints.detectFacialAttributes] as const;

/** D-017: the code each kind of unusable image fails with, in a task and at a detection endpoint. */
const BAD_IMAGE_CODES = { not_an_image: 45102, truncated_jpeg: 45102, one_pixel: 45102, no_face: 45103 } as const;
type BadImage = keyof typeof BAD_IMAGE_CODES;
const CODE_MESSAGES: Readonly<Record<number, string>> = { 45102: 'image cannot be decoded', 45103: 'no face detected' };

describe('failures answer their documented code, never HTTP 500, and are never charged', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let db: PlatformDbReader;
  let merchantId: string;
  let images: CountingServer;
  let front: string;
  beforeAll(async () => {
    const bad = await badImages();
    // A merchant's image host serving files no upload policy would accept (the text file).
    images = await countingServer((req, res) => {
      const name = (req.url ?? '').slice(1).replace(/\.jpg$/, '') as BadImage;
      const body = bad[name];
      if (body) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
      else res.writeHead(404).end();
    }, '127.0.0.1');
    tp = await startTestPlatform({ config: { analysisWorkers: 2, allowedPrivateImageHosts: [`127.0.0.1:${images.port}`] } });
    client = tp.client(tp.app('primary'));
    merchantId = tp.app('primary').merchant_id!;
    db = new PlatformDbReader(tp.platform.services.sql);
    front = (await uploadResources(client, ['front_image']))['front_image']!;
  });
  afterAll(async () => {
    await tp.stop();
    await images.close();
  });

  const runFailing = async (body: TaskRequest): Promise<{ code: number; msg: string }> => {
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body });
    const result = await waitForTask(client, task_id);
    if (result.status !== 'failed') expect.fail(`task ${task_id} ${result.status}, expected failed`);
    expect(await db.task(task_id)).toMatchObject({ status: 'failed', quota_reserved: 0, quota_charged: 0 });
    return result.error;
  };

  it('refuses a mask_format other than annotation_image or annotation_json with 45010', async () => {
    for (const mask_format of ['png', 'annotation_png', '', 'ANNOTATION_JSON']) {
      const answer = await refusal(client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: front }, output_options: { mask_format } } as unknown as TaskRequest }));
      expect(answer, mask_format).toMatchObject({ code: 45010, http: 200, response: {} });
    }
  });

  it.each(Object.entries(BAD_IMAGE_CODES) as [BadImage, number][])('a task on an image that is %s fails with %i', async (name, code) => {
    const before = await db.counters(merchantId);
    for (const api_code of ['online_skin', 'facial_analysis'] as const) {
      const error = await runFailing({ api_code, algorithm_variant: 'standard', resources: { front_image: `http://127.0.0.1:${images.port}/${name}.jpg` } });
      expect(error.code, api_code).toBe(code);
      expect(error.msg).toContain('front');
    }
    expect(await db.counters(merchantId)).toEqual(before);
  });

  it('uploaded files that pass the type sniffing but cannot be analysed fail the same way', async () => {
    const bad = await badImages();
    const before = await db.counters(merchantId);
    for (const name of ['truncated_jpeg', 'one_pixel', 'no_face'] as const) {
      const resources = await uploadResources(client, ['front_image', 'left_image', 'right_image'], bad[name]);
      const error = await runFailing({ api_code: 'device_v', algorithm_variant: 'standard', resources: { white_front_image: resources['front_image']!, white_left_image: resources['left_image']!, white_right_image: resources['right_image']! } });
      expect(error.code, name).toBe(BAD_IMAGE_CODES[name]);
    }
    expect(await db.counters(merchantId)).toEqual(before);
  });

  it.each(Object.entries(BAD_IMAGE_CODES) as [BadImage, number][])('each detection endpoint answers an image that is %s with %i in the envelope', async (name, code) => {
    const before = await db.counters(merchantId);
    for (const ep of DETECTIONS) {
      const answer = await refusal(client.call(ep, { body: { pic_url: `http://127.0.0.1:${images.port}/${name}.jpg` } }));
      // D-003: meta.msg is the code's fixed message; the field and what was wrong go to meta.error.
      expect(answer, ep.path).toMatchObject({ code, msg: CODE_MESSAGES[code], http: 200, response: {} });
      expect(answer.detail, ep.path).toMatch(name === 'no_face' ? /^pic_url: no face found in the image$/ : /^pic_url: \S/);
    }
    expect(await db.counters(merchantId)).toEqual(before);
  });

  it('a photo too dark or too blurred for skin analysis fails with 45104, at a task and at skin_all_race', async () => {
    const poor = await poorPhotos();
    const before = await db.counters(merchantId);
    for (const [kind, bytes] of Object.entries(poor)) {
      const url = (await uploadResources(client, ['front_image'], bytes))['front_image']!;
      const error = await runFailing({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: url } });
      expect(error.code, kind).toBe(45104);
      expect(error.msg).toMatch(kind === 'dark' ? /too dark/ : /too blurred/);
      const answer = await refusal(client.call(skinApiEndpoints.detectSkin, { body: { pic_url: url } }));
      expect(answer).toMatchObject({ code: 45104, msg: 'image quality too low for analysis', http: 200 });
      expect(answer.detail).toMatch(kind === 'dark' ? /^pic_url: too dark \(face brightness 0\.\d\d, at least 0\.12\)$/ : /^pic_url: too blurred \(blur 0\.\d\d, at most 0\.9\)$/);
    }
    expect(await db.counters(merchantId)).toEqual(before);
  });

  it('a failure of the platform itself while storing the outputs fails the task with 45199 and hides the details', async () => {
    const before = await db.counters(merchantId);
    // The object store's staging directory becomes a file: every write of an output fails.
    const staging = join(tp.dataDir, 'objects', 'staging');
    rmSync(staging, { recursive: true, force: true });
    writeFileSync(staging, 'not a directory');
    try {
      const error = await runFailing({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: front } });
      expect(error).toEqual({ code: 45199, msg: 'analysis failed' });
    } finally {
      rmSync(staging, { force: true });
      mkdirSync(staging);
    }
    expect(await db.counters(merchantId)).toEqual(before);
  });
});
