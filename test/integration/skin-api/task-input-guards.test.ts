import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';

interface Answer {
  status: number;
  meta: { code: number; msg: string; error: string };
  response: { task_id?: string };
}

/** A JSON text of `depth` nested arrays or objects, written out so no serialiser has to recurse. */
function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * Bad input to task creation answers 400 or its documented code (spec "HTTP codes", D-017,
 * D-018), never HTTP 500: metadata nested however deep, resource addresses with broken or
 * literal `%` escapes, and the metadata keys that name a secret.
 */
describe('task creation input guards', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let front: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1 } });
    client = tp.client(tp.app('primary'));
    front = (await uploadResources(client, ['front_image']))['front_image']!;
  });
  afterAll(() => tp.stop());

  /** Posts a raw JSON text (the client's own serialiser would overflow on the deepest bodies). */
  const post = async (path: string, body: string): Promise<Answer> => {
    const res = await request(`${tp.platform.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': await client.accessToken() },
      body,
    });
    const json = (await res.body.json()) as Omit<Answer, 'status'>;
    return { status: res.statusCode, ...json };
  };
  const createTask = (fields: string): Promise<Answer> =>
    post('/skin_api/analyze/task', `{"api_code":"facial_analysis","algorithm_variant":"standard","resources":{"front_image":${JSON.stringify(front)}},${fields}}`);

  it.each([2100, 3000, 6000, 200_000])('answers metadata and custom nested %i levels deep with 400, naming the field', async (depth) => {
    for (const kind of ['array', 'object'] as const) {
      for (const field of ['metadata', 'custom']) {
        const answer = await createTask(`"${field}":{"deep":${nested(depth, kind)}}`);
        expect(answer.status, `${field} ${kind}`).toBe(400);
        expect(answer.meta).toMatchObject({ code: 400, msg: 'parameter missing or incorrect', error: `${field}: ${field} exceeds 4096 bytes` });
      }
    }
  });

  it('still accepts metadata nested deep but within 4096 bytes', async () => {
    const answer = await createTask(`"metadata":{"deep":${nested(1000, 'array')}}`);
    expect(answer.meta.code).toBe(0);
    expect(answer.response.task_id).toMatch(/^[0-9a-z]{29}$/);
  });

  it('answers a detection call whose ignored custom is nested deep without HTTP 500', async () => {
    const pic = `${tp.platform.url}/skin_api/file/resource/${'0'.repeat(32)}.jpg`;
    const answer = await post('/skin_api/detect/facial_analysis_all_race', `{"pic_url":${JSON.stringify(pic)},"custom":{"deep":${nested(6000, 'array')}}}`);
    expect(answer.status).toBe(200);
    expect(answer.meta.code).toBe(45101);
  });

  const ownBroken = (): string[] => [
    `${tp.platform.url}/skin_api/file/resource/%E0%A4%A.jpg`,
    `${tp.platform.url}/skin_api/file/resource/%E0%A4.jpg`,
    `${tp.platform.url}/skin_api/file/resource/100%.jpg`,
    `${tp.platform.url}/skin_api/file/resource/%`,
  ];

  it('refuses an address of this platform with a broken or literal % escape with 45005, at resources and pic_url', async () => {
    for (const url of ownBroken()) {
      for (const fields of [`"resources":{"front_image":${JSON.stringify(url)}}`, `"pic_url":${JSON.stringify(url)}`]) {
        const answer = await post('/skin_api/analyze/task', `{"api_code":"online_skin","algorithm_variant":"standard",${fields}}`);
        expect(answer.status, url).toBe(200);
        expect(answer.meta, url).toMatchObject({ code: 45005, msg: TaskCodes.INVALID_RESOURCE_URL.msg });
        expect(answer.meta.error).toMatch(/^resources\.front_image: /);
      }
    }
  });

  it('answers the detection endpoints 45101 for such an address of this platform', async () => {
    for (const url of ownBroken()) {
      for (const path of ['/skin_api/detect/facial_analysis_all_race', '/skin_api/detect/skin_all_race']) {
        const answer = await post(path, JSON.stringify({ pic_url: url }));
        expect(answer.status, `${path} ${url}`).toBe(200);
        expect(answer.meta).toMatchObject({ code: 45101, msg: 'image download failed', error: 'pic_url: no uploaded file at this address' });
      }
    }
  });

  it('accepts an address of another host with a broken or literal % escape: it is downloaded when the task runs', async () => {
    for (const url of ['https://cdn.example.com/skin_api/file/resource/%E0%A4%A.jpg', 'https://cdn.example.com/photos/100%.jpg']) {
      const answer = await post('/skin_api/analyze/task', JSON.stringify({ api_code: 'online_skin', algorithm_variant: 'standard', pic_url: url }));
      expect(answer.meta.code, url).toBe(0);
    }
  });

  describe('metadata keys that name a secret (D-018: whole words of the key)', () => {
    const refused = [
      'password', 'Password', 'PASSWORD', 'userPassword', 'user_password', 'passwd', 'pwd', 'db-pwd', 'passphrase',
      'secret', 'client_secret', 'clientSecret', 'token', 'api_token', 'accessToken', 'x.auth.token', 'refresh tokens',
      'credential', 'credentials', 'aws_credentials', 'apikey', 'api_key', 'apiKey', 'API-KEY', 'APIKey', 'access_key', 'accessKeyId',
      'private_key', 'privateKey', 'secret2',
    ];
    const accepted = [
      'compass_heading', 'tokenizer_version', 'passport_photo', 'passportNumber', 'bypass', 'passage', 'pass_rate', 'surpass',
      'secretary_name', 'keyboard_layout', 'key', 'monkey', 'api_version', 'access_level', 'credit', 'visit', 'ApiKeyboard',
    ];

    it.each(refused)('refuses %s with 400 naming the key', async (key) => {
      for (const field of ['metadata', 'custom']) {
        const answer = await createTask(`"${field}":{"visit":"A12","nested":[{${JSON.stringify(key)}:"x"}]}`);
        expect(answer.status, field).toBe(400);
        expect(answer.meta.error).toBe(`${field}.nested.0.${key}: metadata must not hold passwords or tokens`);
      }
    });

    it('accepts keys that only contain such letters', async () => {
      for (const key of accepted) {
        const { task_id } = await client.call(skinApiEndpoints.createTask, {
          body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: front }, metadata: { [key]: 'x', nested: { [key]: 1 } } },
        });
        expect(task_id, key).toMatch(/^[0-9a-z]{29}$/);
      }
    });
  });
});
