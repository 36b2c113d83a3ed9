import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import type { TaskRequest } from '../../../protocol/skin-api/task-request.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';
import { FACE_JPEG, uploadResources } from '../../helpers/uploads.ts';
import { badImages, countingServer, refusal, type CountingServer } from './skin-api-fixtures.ts';

const RESOURCE_PATH = '/skin_api/file/resource';

/**
 * D-027, D-029: a resource address is this platform's own only by its origin (the public base
 * address resource_url is built from), not by its path. Any other host is an external image,
 * downloaded through the guarded fetcher, even when its path looks like ours or carries one of
 * our real keys. Instances on one data directory share one store: an address of the same host
 * on another port that names a stored upload is read from the store (D-008).
 */
describe('which resource addresses are the platform\'s own', () => {
  let images: CountingServer;
  /** Paths the merchant's image host serves, and what. */
  const served = new Map<string, Buffer>();
  let tp: TestPlatform;
  let sibling: TestPlatform;
  let client: PlatformClient;
  let front: string;
  let key: string;
  let foreign: string;
  beforeAll(async () => {
    // The merchant's own image host, on [::1]: another host than the platform's 127.0.0.1.
    images = await countingServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (body) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
      else res.writeHead(404).end();
    });
    foreign = `http://[::1]:${images.port}`;
    const config = { analysisWorkers: 1, allowedPrivateImageHosts: [`[::1]:${images.port}`] };
    tp = await startTestPlatform({ config });
    // A second instance of the same region on the same data directory, on another port (D-008).
    sibling = await startTestPlatform({ config, dataDir: tp.dataDir });
    client = tp.client(tp.app('primary'));
    front = (await uploadResources(client, ['front_image']))['front_image']!;
    key = front.slice(front.lastIndexOf('/') + 1);
    served.set(`${RESOURCE_PATH}/photo.jpg`, FACE_JPEG);
    // The foreign host serves a face-less picture under the name of our stored face photo.
    served.set(`${RESOURCE_PATH}/${key}`, (await badImages()).no_face);
  });
  afterAll(async () => {
    await sibling.stop();
    await tp.stop();
    await images.close();
  });

  const facialAnalysis = (url: string): TaskRequest => ({ api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: url } });
  const runTask = async (c: PlatformClient, url: string) => {
    const { task_id } = await c.call(skinApiEndpoints.createTask, { body: facialAnalysis(url) });
    return waitForTask(c, task_id);
  };

  it('issues resource URLs under the instance\'s own base address', () => {
    expect(front).toBe(`${tp.platform.url}${RESOURCE_PATH}/${key}`);
  });

  it('downloads an image of another host whose path looks like a resource address', async () => {
    const before = images.requests;
    expectSucceeded(await runTask(client, `${foreign}${RESOURCE_PATH}/photo.jpg`));
    expect(images.requests).toBe(before + 1);
  });

  it('downloads from another host that names one of our keys, and never reads our stored file for it', async () => {
    const before = images.requests;
    const result = await runTask(client, `${foreign}${RESOURCE_PATH}/${key}`);
    if (result.status !== 'failed') expect.fail(`task ${result.status}: our stored face photo was analysed instead of the foreign one`);
    expect(result.error.code).toBe(45103);
    const detection = await refusal(client.call(skinApiEndpoints.detectFacialAttributes, { body: { pic_url: `${foreign}${RESOURCE_PATH}/${key}` } }));
    expect(detection).toMatchObject({ code: 45103, http: 200 });
    expect(images.requests).toBe(before + 2);
  });

  it('accepts a public host\'s resource-like address at creation and fails it only when the download fails', async () => {
    for (const url of ['https://cdn.merchant.example/skin_api/file/resource/photo.jpg', `https://cdn.merchant.example${RESOURCE_PATH}/${key}`]) {
      const result = await runTask(client, url);
      if (result.status !== 'failed') expect.fail(`${url}: task ${result.status}`);
      expect(result.error.code, url).toBe(45101);
      expect(await refusal(client.call(skinApiEndpoints.detectFacialAttributes, { body: { pic_url: url } }))).toMatchObject({ code: 45101 });
    }
  });

  it('still reads its own addresses from the store and refuses an unknown key of its own origin with 45005', async () => {
    const before = images.requests;
    expectSucceeded(await runTask(client, front));
    const answer = await refusal(client.call(skinApiEndpoints.createTask, { body: facialAnalysis(`${tp.platform.url}${RESOURCE_PATH}/${'0'.repeat(32)}.jpg`) }));
    expect(answer).toMatchObject({ code: 45005, detail: 'resources.front_image: no uploaded file at this address' });
    expect(images.requests).toBe(before);
  });

  it('refuses an upload policy\'s upload.url given as a resource at creation (45005), and as a pic_url, saying what to give instead', async () => {
    const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'face.jpg' } });
    const before = images.requests;
    for (const url of [policy.upload.url, `${tp.platform.url}/skin_api/file/upload`]) {
      const answer = await refusal(client.call(skinApiEndpoints.createTask, { body: facialAnalysis(url) }));
      expect(answer, url).toMatchObject({ code: 45005, detail: "resources.front_image: this is an upload address (upload.url), not a file: give the upload policy's resource_url" });
      const detection = await refusal(client.call(skinApiEndpoints.detectFacialAttributes, { body: { pic_url: url } }));
      expect(detection.code, url).toBe(45101);
      expect(detection.detail, url).toContain('upload.url');
    }
    expect(images.requests).toBe(before);
  });

  it('finds a resource URL issued by another instance on the same data directory', async () => {
    expect(sibling.platform.url).not.toBe(tp.platform.url);
    const atSibling = sibling.client(sibling.app('primary'));
    expectSucceeded(await runTask(atSibling, front));
    const face = await atSibling.call(skinApiEndpoints.detectFacialAttributes, { body: { pic_url: front } });
    expect(face).toBeTruthy();
    // And the other way round: an upload issued by the sibling analysed here.
    const issuedThere = (await uploadResources(atSibling, ['front_image']))['front_image']!;
    expect(issuedThere.startsWith(`${sibling.platform.url}${RESOURCE_PATH}/`)).toBe(true);
    expectSucceeded(await runTask(client, issuedThere));
  });

  it('keeps another merchant\'s upload out of reach through the sibling address too', async () => {
    const atSibling = sibling.client(sibling.app('second'));
    const answer = await refusal(atSibling.call(skinApiEndpoints.createTask, { body: facialAnalysis(front) }));
    expect(answer).toMatchObject({ code: 45005, detail: 'resources.front_image: no uploaded file at this address' });
  });
});
