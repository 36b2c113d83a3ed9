import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import type { UploadPolicyResponse } from '../../../protocol/skin-api/upload-policy.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { uploadFile, uploadWithPolicy } from '../../../main/platform-client/upload.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';

const JPEG = readFileSync(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url));
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);

function storedObjects(tp: TestPlatform): string[] {
  const root = join(tp.dataDir, 'objects', 'objects');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((shard) => readdirSync(join(root, shard)));
}

function uploadRow(tp: TestPlatform, key: string) {
  return tp.platform.services.sql.one<{ uploaded_at: number | null; size: number | null; sha256: string | null }>(
    'SELECT uploaded_at, size, sha256 FROM uploads WHERE resource_key = ?',
    [key],
  );
}

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

async function fetchBytes(url: string): Promise<{ status: number; body: Buffer; type: string | undefined; cache: string | undefined }> {
  const res = await request(url);
  return { status: res.statusCode, body: Buffer.from(await res.body.arrayBuffer()), type: res.headers['content-type'] as string | undefined, cache: res.headers['cache-control'] as string | undefined };
}

describe.each(['PUT', 'POST'] as const)('uploads through %s policies', (method) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 10));
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { uploadMethod: method, maxUploadBytes: 200_000 } });
  });
  afterAll(() => tp.stop());

  it('stores the file whole and serves it at resource_url', async () => {
    const client = tp.client(tp.app('primary'));
    const policy = await uploadFile(client, { fileName: 'front_white.jpg', bytes: JPEG });
    expect(policy.upload.method).toBe(method);
    expect(policy.resource_url).not.toBe(policy.upload.url);
    if (method === 'POST') expect(Object.keys(policy.upload.form_data).sort()).toEqual(['expires', 'key', 'signature']);
    const served = await fetchBytes(policy.resource_url);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    // A face photo: the kiosk's own Chromium shows it, and keeps it in no cache (D-137).
    expect(served.cache).toBe('private, no-store');
    expect(served.body.equals(JPEG)).toBe(true);
    expect(await uploadRow(tp, policy.resource_key)).toMatchObject({ size: JPEG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('keeps a policy valid for its whole ttl when issued mid-second', async () => {
    const client = tp.client(tp.app('primary'));
    clock.advance(999);
    const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'mid.jpg' } });
    clock.advance(policy.ttl * 1000 - 1);
    await uploadWithPolicy(policy, { fileName: 'mid.jpg', bytes: JPEG });
    expect((await uploadRow(tp, policy.resource_key))?.uploaded_at).not.toBeNull();
  });

  it('refuses a replay after use and keeps the first file', async () => {
    const client = tp.client(tp.app('primary'));
    const policy = await uploadFile(client, { fileName: 'a.jpg', bytes: JPEG });
    const error = await refusal(uploadWithPolicy(policy, { fileName: 'a.jpg', bytes: Buffer.concat([JPEG.subarray(0, 100), Buffer.alloc(50)]) }));
    expect(error).toMatchObject({ code: 44103, httpStatus: 403 });
    expect((await fetchBytes(policy.resource_url)).body.equals(JPEG)).toBe(true);
  });

  it('refuses tampered, oversized, mistyped and expired uploads and stores nothing', async () => {
    const client = tp.client(tp.app('primary'));
    const before = storedObjects(tp).length;
    const newPolicy = () => client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'x.jpg' } });

    const tamperedSig = await newPolicy();
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const tampered: UploadPolicyResponse =
      method === 'PUT'
        ? { ...tamperedSig, upload: { ...tamperedSig.upload, url: tamperedSig.upload.url.replace(/signature=([^&]+)/, (_, s: string) => `signature=${flip(s)}`) } }
        : { ...tamperedSig, upload: { ...tamperedSig.upload, form_data: { ...tamperedSig.upload.form_data, expires: String(Number(tamperedSig.upload.form_data['expires']) + 3600) } } };
    expect(await refusal(uploadWithPolicy(tampered, { fileName: 'x.jpg', bytes: JPEG }))).toMatchObject({ code: 44101, httpStatus: 403 });

    const tooBig = await newPolicy();
    const big = Buffer.concat([JPEG, Buffer.alloc(250_000, 1)]);
    expect(await refusal(uploadWithPolicy(tooBig, { fileName: 'x.jpg', bytes: big }))).toMatchObject({ code: 44105, httpStatus: 413 });

    const mistyped = await newPolicy();
    expect(await refusal(uploadWithPolicy(mistyped, { fileName: 'x.jpg', bytes: ZIP }))).toMatchObject({ code: 44106, httpStatus: 415 });

    const late = await newPolicy();
    clock.advance(late.ttl * 1000 + 1000);
    expect(await refusal(uploadWithPolicy(late, { fileName: 'x.jpg', bytes: JPEG }))).toMatchObject({ code: 44102, httpStatus: 403 });

    expect(storedObjects(tp).length).toBe(before);
    for (const policy of [tamperedSig, tooBig, mistyped, late]) {
      expect((await uploadRow(tp, policy.resource_key))?.uploaded_at).toBeNull();
      expect((await fetchBytes(policy.resource_url)).status).toBe(404);
    }
  });

  // POST policies only: a PUT has no form whose fields could come in the wrong order.
  if (method === 'POST') it('names the field order when the form_data fields follow the file (44107), then takes the same policy in order', async () => {
    const client = tp.client(tp.app('primary'));
    const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { suffix: 'jpg' } });
    const post = async (fileFirst: boolean) => {
      const form = new FormData();
      if (fileFirst) form.append('file', new Blob([JPEG]), 'x.jpg');
      for (const [name, value] of Object.entries(policy.upload.form_data)) form.append(name, value);
      if (!fileFirst) form.append('file', new Blob([JPEG]), 'x.jpg');
      const res = await request(policy.upload.url, { method: 'POST', body: form });
      return { status: res.statusCode, body: (await res.body.json()) as { meta: { code: number; error: string } } };
    };
    const refused = await post(true);
    expect([refused.status, refused.body.meta.code]).toEqual([400, 44107]);
    expect(refused.body.meta.error).toMatch(/must come before the file/);
    expect((await uploadRow(tp, policy.resource_key))?.uploaded_at).toBeNull();
    expect((await post(false)).body.meta.code).toBe(0);
    expect((await uploadRow(tp, policy.resource_key))?.size).toBe(JPEG.length);
  });

  it('refuses the other method with 405 and stores nothing', async () => {
    const client = tp.client(tp.app('primary'));
    const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { suffix: 'jpg' } });
    let res;
    if (method === 'PUT') {
      const [, query] = policy.upload.url.split('?');
      const params = new URLSearchParams(query);
      const form = new FormData();
      form.append('key', policy.resource_key);
      form.append('expires', params.get('expires') ?? '');
      form.append('signature', params.get('signature') ?? '');
      form.append('file', new Blob([JPEG]), 'x.jpg');
      res = await request(policy.upload.url.split('/upload/')[0] + '/upload', { method: 'POST', body: form });
    } else {
      const f = policy.upload.form_data;
      res = await request(`${policy.upload.url}/${f['key']}?expires=${f['expires']}&signature=${f['signature']}`, { method: 'PUT', body: JPEG });
    }
    const body = (await res.body.json()) as { meta: { code: number } };
    expect(res.statusCode).toBe(405);
    expect(body.meta.code).toBe(44104);
    expect((await uploadRow(tp, policy.resource_key))?.uploaded_at).toBeNull();
  });
});

describe('upload policy refusals', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(() => tp.stop());

  const cases: [string, object, number][] = [
    ['neither file_name nor suffix', {}, 44007],
    ['empty names', { file_name: '', suffix: '' }, 44007],
    ['a file name without extension', { file_name: 'capture' }, 44008],
    ['a ZIP file', { file_name: 'captures.zip' }, 44053],
    ['a ZIP suffix', { suffix: 'zip' }, 44053],
    ['an executable', { file_name: 'setup.exe' }, 44053],
    ['a directory path', { file_name: '../etc/passwd.jpg' }, 400],
    ['a Windows path', { file_name: 'C:\\captures\\a.jpg' }, 400],
    ['a number as file_name', { file_name: 12 }, 400],
  ];
  it.each(cases)('refuses %s', async (_, body, code) => {
    const client = tp.client(tp.app('primary'));
    const error = await refusal(client.call(skinApiEndpoints.uploadPolicy, { body: body as { file_name?: string } }));
    expect(error.code).toBe(code);
    expect(error.reqId).toBeTruthy();
  });

  it('generates a name from the suffix alone and lets suffix decide the type', async () => {
    const client = tp.client(tp.app('primary'));
    const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { suffix: '.PNG' } });
    expect(policy.resource_key).toMatch(/^[0-9a-f]-\d{8}-[0-9a-f]{32}\.png$/);
    expect(policy.mime).toBe('image/png');
  });

  it('answers 44098 for a merchant without a valid Skin API order', async () => {
    const app = tp.app('second');
    await tp.platform.services.sql.run('UPDATE skin_orders SET valid_until = valid_from WHERE merchant_id = ?', [Number(app.merchant_id)]);
    const error = await refusal(tp.client(app).call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'a.jpg' } }));
    expect(error.code).toBe(44098);
    // Before the upload codes of a bad name too (the order is checked in the policy's insert, D-090).
    expect((await refusal(tp.client(app).call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'setup.exe' } }))).code).toBe(44098);
    expect(await tp.platform.services.sql.one('SELECT resource_key FROM uploads WHERE merchant_id = ?', [Number(app.merchant_id)])).toBeUndefined();
  });

  it('answers 44099 for a merchant of the other region', async () => {
    const app = tp.app('mainland');
    // Both region addresses point at this overseas instance, so the client cannot recover.
    const error = await refusal(tp.client(app).call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'a.jpg' } }));
    expect(error.code).toBe(44099);
  });

  it('serves nothing for an unknown resource key', async () => {
    const res = await request(`${tp.platform.url}/skin_api/file/resource/${'0'.repeat(32)}.jpg`);
    expect(res.statusCode).toBe(404);
    expect(((await res.body.json()) as { meta: { code: number } }).meta.code).toBe(404);
  });
});
