import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { facePoseResultSchema } from '../../../protocol/skin-api/detection.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { FACE_JPEG } from '../../helpers/uploads.ts';
import { waitForTask } from '../../helpers/tasks.ts';
import { countingServer, PlatformDbReader, refusal, type CountingServer } from './skin-api-fixtures.ts';

const DETECTIONS = [skinApiEndpoints.detectSkin, skinApiEndpoints.detectFacePose, skinApiEndpoints.detectFacialAttributes] as const;

describe('pic_url and task resources never reach loopback or private addresses (D-027, D-029)', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let db: PlatformDbReader;
  let merchantId: string;
  /** What an attacker would point the platform at: a loopback service. */
  let internal: CountingServer;
  /** A merchant's internal image host the operator allowed. */
  let allowed: CountingServer;
  beforeAll(async () => {
    internal = await countingServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(FACE_JPEG));
    allowed = await countingServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(FACE_JPEG), '127.0.0.1');
    tp = await startTestPlatform({ config: { analysisWorkers: 1, allowedPrivateImageHosts: [`127.0.0.1:${allowed.port}`] } });
    client = tp.client(tp.app('primary'));
    merchantId = tp.app('primary').merchant_id!;
    db = new PlatformDbReader(tp.platform.services.sql);
  });
  afterAll(async () => {
    await tp.stop();
    await internal.close();
    await allowed.close();
  });

  const spellings = (p: number): string[] => [
    `http://[::ffff:127.0.0.1]:${p}/a.jpg`,
    `http://[::ffff:7f00:1]:${p}/a.jpg`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${p}/a.jpg`,
    `http://[64:ff9b::7f00:1]:${p}/a.jpg`,
    `http://[2002:7f00:1::]:${p}/a.jpg`,
    `http://[::1]:${p}/a.jpg`,
    `http://2130706433:${p}/a.jpg`,
    `http://0x7f.1:${p}/a.jpg`,
    `http://localhost:${p}/a.jpg`,
  ];

  it('each detection endpoint answers 45101 (HTTP 200, envelope, no 500) and the target gets no connection', async () => {
    for (const ep of DETECTIONS) {
      for (const pic_url of spellings(internal.port)) {
        const answer = await refusal(client.call(ep, { body: { pic_url } }));
        expect({ ...answer, detail: undefined }, `${ep.path} ${pic_url}`).toEqual({ code: 45101, msg: 'image download failed', http: 200, response: {}, detail: undefined });
        expect(answer.detail).toMatch(/^pic_url: .*(not a public address|resolves to no public address)/);
      }
    }
    expect(internal.connections).toBe(0);
  });

  it('answers the raw envelope for the mapped-IPv6 case, as any HTTP client sees it', async () => {
    const token = await client.accessToken();
    const res = await request(`${tp.platform.url}${skinApiEndpoints.detectFacePose.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({ pic_url: `http://[::ffff:127.0.0.1]:${internal.port}/a.jpg` }),
    });
    expect(res.statusCode).toBe(200);
    const body = (await res.body.json()) as { meta: { code: number; msg: string }; response: unknown };
    expect(body.meta.code).toBe(45101);
    expect(body.response).toEqual({});
    expect(internal.connections).toBe(0);
  });

  it('a task whose resource points at loopback is accepted, fails with 45101, is not charged and never connects', async () => {
    const before = await db.counters(merchantId);
    for (const front_image of [`http://[::ffff:127.0.0.1]:${internal.port}/a.jpg`, `http://localhost:${internal.port}/a.jpg`]) {
      const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image } } });
      const result = await waitForTask(client, task_id);
      expect(result.status, front_image).toBe('failed');
      if (result.status === 'failed') expect(result.error.code).toBe(45101);
      expect(await db.task(task_id)).toMatchObject({ status: 'failed', quota_reserved: 0, quota_charged: 0 });
    }
    expect(await db.counters(merchantId)).toEqual(before);
    expect(internal.connections).toBe(0);
  });

  it('the allowed host:port is fetched by detections and tasks alike, and only it', async () => {
    const pose = await client.call(skinApiEndpoints.detectFacePose, { body: { pic_url: `http://127.0.0.1:${allowed.port}/a.jpg` } });
    expect(facePoseResultSchema.parse(pose).faceRatio).toBeTruthy();
    const { task_id } = await client.call(skinApiEndpoints.createTask, {
      body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: `http://127.0.0.1:${allowed.port}/a.jpg` } },
    });
    expect((await waitForTask(client, task_id)).status).toBe('succeeded');
    expect(allowed.requests).toBe(2);
    // The same server under another spelling is not the allowed host:port.
    expect((await refusal(client.call(skinApiEndpoints.detectFacePose, { body: { pic_url: `http://[::ffff:127.0.0.1]:${allowed.port}/a.jpg` } }))).code).toBe(45101);
    expect(allowed.requests).toBe(2);
  });

  it('refuses non-http schemes at the door with 400', async () => {
    for (const pic_url of ['file:///etc/passwd', 'ftp://example.com/a.jpg', 'gopher://127.0.0.1:70/']) {
      expect((await refusal(client.call(skinApiEndpoints.detectSkin, { body: { pic_url } }))).code, pic_url).toBe(400);
    }
    expect((await refusal(client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: 'file:///etc/passwd' } } }))).code).toBe(45005);
  });
});
