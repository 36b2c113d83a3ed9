/**
 * The platform on a real S3 server (issue 15 items 1-2, D-072): PUT policies are presigned
 * addresses of the store, the platform checks what it never saw (size, real type) when a task
 * first uses the object, POST uploads still go through the platform into the store, analysis
 * reads from and writes to the store, deletion removes the objects, and a store that goes away
 * answers 503 with the envelope without losing what was accepted.
 */
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { uploadFile, uploadWithPolicy } from '../../../main/platform-client/upload.ts';
import { Codes } from '../../../protocol/codes.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { UploadCodes } from '../../../protocol/skin-api/upload-codes.ts';
import { OUTPUT_PATH } from '../../../platform/skin-api/task-presenter.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { startSeverableProxy } from '../../helpers/severable-proxy.ts';
import { startTestS3Server, type TestS3Server } from '../../helpers/s3-server.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';

const JPEG = readFileSync(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url));
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
const MAX_BYTES = JPEG.length + 1000;

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

const keyOf = (resourceUrl: string) => resourceUrl.slice(resourceUrl.lastIndexOf('/') + 1);

describe('the platform on an S3 store', () => {
  let s3: TestS3Server;
  let bucket: string;
  let put: TestPlatform;
  let post: TestPlatform;
  let client: PlatformClient;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    const location = await s3.createBucket();
    bucket = location.bucket;
    const config = { objectStore: location, objectStoreCredentials: s3.credentials, objectStoreTimeoutMs: 2000, maxUploadBytes: MAX_BYTES, analysisWorkers: 1 };
    put = await startTestPlatform({ config: { ...config, uploadMethod: 'PUT' } });
    post = await startTestPlatform({ config: { ...config, uploadMethod: 'POST' } });
    client = put.client(put.app('primary'));
  });
  afterAll(async () => {
    await put?.stop();
    await post?.stop();
    await s3?.stop();
  });

  it('a PUT policy is a presigned address of the store; a task reads the upload from there; outputs are written there and downloadable', async () => {
    const policy = await uploadFile(client, { fileName: 'front.jpg', bytes: JPEG });
    expect(policy.upload.method).toBe('PUT');
    expect(policy.upload.url.startsWith(`${s3.endpoint}/${bucket}/${policy.resource_key}?`)).toBe(true);
    expect(policy.resource_url).toBe(`${put.platform.url}/skin_api/file/resource/${policy.resource_key}`);
    expect(await s3.keys(bucket)).toContain(policy.resource_key);

    const { task_id } = await client.call(skinApiEndpoints.createTask, {
      body: { api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: policy.resource_url }, output_options: { mask_format: 'annotation_image' } },
    });
    const result = expectSucceeded(await waitForTask(client, task_id));
    if (result.result.type !== 'skin') expect.fail('wrong result type');
    const annotation = result.result.dimensions.find((d) => d.annotations.length > 0)!.annotations[0]!;
    expect(annotation.url).toContain(`${OUTPUT_PATH}/`);
    expect(await s3.keys(bucket)).toContain(keyOf(annotation.url));
    const output = await request(annotation.url);
    expect(output.statusCode).toBe(200);
    expect(Buffer.from(await output.body.arrayBuffer()).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    // The resource stays downloadable at resource_url, streamed from the store.
    const resource = await request(policy.resource_url);
    expect(resource.statusCode).toBe(200);
    expect(Buffer.from(await resource.body.arrayBuffer()).equals(JPEG)).toBe(true);

    // Deletion on request removes the upload and the outputs from the bucket.
    await client.call(deviceSyncEndpoints.deleteData, { body: { task_ids: [task_id] } });
    const left = await s3.keys(bucket);
    expect(left).not.toContain(policy.resource_key);
    expect(left).not.toContain(keyOf(annotation.url));
  });

  it('a presigned PUT past its ttl is refused by the store and nothing is stored', async () => {
    const short = await startTestPlatform({ config: { objectStore: { bucket, endpoint: s3.endpoint, region: s3.region, forcePathStyle: true }, objectStoreCredentials: s3.credentials, uploadTtlSeconds: 1 } });
    try {
      const policy = await short.client(short.app('primary')).call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'late.jpg' } });
      expect(policy.ttl).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2200));
      const late = await request(policy.upload.url, { method: 'PUT', body: JPEG });
      expect(late.statusCode).toBe(403);
      expect(await late.body.text()).toContain('expired');
      expect(await s3.keys(bucket)).not.toContain(policy.resource_key);
    } finally {
      await short.stop();
    }
  });

  it.each([
    ['an oversize object', 'big.jpg', Buffer.concat([JPEG, Buffer.alloc(2000)]), UploadCodes.TOO_LARGE.code],
    ['a ZIP under an image name', 'fake.jpg', ZIP, UploadCodes.CONTENT_MISMATCH.code],
  ])('%s uploaded straight to the store is refused when a task uses it, and deleted', async (_label, fileName, bytes, code) => {
    const policy = await uploadFile(client, { fileName, bytes });
    expect(await s3.keys(bucket)).toContain(policy.resource_key);
    const error = await refusal(
      client.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: policy.resource_url } } }),
    );
    expect(error.code).toBe(code);
    expect(await s3.keys(bucket)).not.toContain(policy.resource_key);
    // The key names no file from then on.
    expect((await request(policy.resource_url)).statusCode).toBe(404);
  });

  it('POST policies go to the platform, which checks the body and streams it into the store', async () => {
    const postClient = post.client(post.app('primary'));
    const policy = await uploadFile(postClient, { fileName: 'front.jpg', bytes: JPEG });
    expect(policy.upload.method).toBe('POST');
    expect(policy.upload.url.startsWith(post.platform.url)).toBe(true);
    expect(await s3.keys(bucket)).toContain(policy.resource_key);
    const resource = await request(policy.resource_url);
    expect(Buffer.from(await resource.body.arrayBuffer()).equals(JPEG)).toBe(true);

    const zip = await postClient.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'zip.jpg' } });
    expect((await refusal(uploadWithPolicy(zip, { fileName: 'zip.jpg', bytes: ZIP }))).code).toBe(UploadCodes.CONTENT_MISMATCH.code);
    const big = await postClient.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'big.jpg' } });
    expect((await refusal(uploadWithPolicy(big, { fileName: 'big.jpg', bytes: Buffer.concat([JPEG, Buffer.alloc(2000)]) }))).code).toBe(UploadCodes.TOO_LARGE.code);
    const keys = await s3.keys(bucket);
    expect(keys).not.toContain(zip.resource_key);
    expect(keys).not.toContain(big.resource_key);
  });

  it('a store that goes away: /readyz and calls that need it answer 503 with the envelope; what was accepted is there when it is back', async () => {
    const policy = await uploadFile(client, { fileName: 'kept.jpg', bytes: JPEG });
    await s3.halt();
    try {
      const ready = await request(`${put.platform.url}/readyz`);
      expect(ready.statusCode).toBe(503);
      await ready.body.dump();
      const create = () => client.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: policy.resource_url } } });
      const error = await refusal(create());
      expect(error.httpStatus).toBe(503);
      expect(error.code).toBe(Codes.SYSTEM_ERROR.code);
      const resource = await request(policy.resource_url);
      expect(resource.statusCode).toBe(503);
      expect(((await resource.body.json()) as { meta: { code: number } }).meta.code).toBe(Codes.SYSTEM_ERROR.code);
    } finally {
      await s3.restart();
    }
    expect((await request(`${put.platform.url}/readyz`)).statusCode).toBe(200);
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: policy.resource_url } } });
    expectSucceeded(await waitForTask(client, task_id));
  });

  it('a task the store goes away under waits for it and succeeds when it is back, instead of failing (D-099)', async () => {
    // The platform reaches the store through a relay that cuts at an exact moment: just after the
    // task is accepted, before its worker has read the photo or written the outputs.
    const relay = await startSeverableProxy(s3.endpoint);
    const platform = await startTestPlatform({
      config: { objectStore: { bucket, endpoint: relay.url, region: s3.region, forcePathStyle: true }, objectStoreCredentials: s3.credentials, objectStoreTimeoutMs: 2000, analysisWorkers: 1 },
    });
    try {
      const own = platform.client(platform.app('primary'));
      const policy = await uploadFile(own, { fileName: 'waits.jpg', bytes: JPEG });
      const create = async () =>
        (await own.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: policy.resource_url }, output_options: { mask_format: 'annotation_image' } } })).task_id;
      // A first task while the store is there: the analysis thread is up and waits for work.
      expectSucceeded(await waitForTask(own, await create()));
      const task_id = await create();
      await relay.cut();
      // Long enough for the worker to meet the outage several times.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // Held by its worker: not failed, not handed back.
      expect((await own.call(skinApiEndpoints.taskResult, { query: { task_id } })).status).toBe('running');
      // And an operator sees why.
      expect(await (await request(`${platform.platform.url}/metrics`)).body.text()).toContain('platform_tasks_waiting_for_storage 1\n');
      await relay.restore();
      const result = expectSucceeded(await waitForTask(own, task_id));
      // Its outputs were written once the store was back.
      if (result.result.type !== 'skin') expect.fail('wrong result type');
      const annotations = result.result.dimensions.flatMap((d) => d.annotations);
      expect(annotations.length).toBeGreaterThan(0);
      const keys = await s3.keys(bucket);
      for (const annotation of annotations) expect(keys).toContain(keyOf(annotation.url));
    } finally {
      await platform.stop();
      await relay.close();
    }
  });
});
