import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import { PlatformError } from '../../main/platform-client/errors.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

interface EnvelopeBody {
  meta: { code: number; msg: string; error: string; request_uri: string; req_id?: string };
  response: Record<string, unknown>;
}

async function raw(tp: TestPlatform, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await request(`${tp.platform.url}${path}`, { method: method as 'GET', headers: init.headers, body: init.body });
  const text = await res.body.text();
  return { status: res.statusCode, json: JSON.parse(text) as EnvelopeBody };
}

describe('platform core over HTTP', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ clock });
  });
  afterAll(async () => {
    await tp.stop();
  });

  it('issues a 7200-second token for the demo credentials on both token endpoints', async () => {
    const app = tp.app('primary');
    const client = tp.client(app);
    for (const ep of [tokenEndpoints.openApiAccessToken, tokenEndpoints.skinApiAccessToken]) {
      const token = await client.call(ep, { query: { app_id: app.app_id, app_secret: app.app_secret } });
      expect(token.expire).toBe(7200);
      expect(token.access_token.length).toBeGreaterThanOrEqual(32);
    }
  });

  it('refuses a wrong secret and an unknown app with 44098, without saying which', async () => {
    const app = tp.app('primary');
    const client = tp.client(app);
    for (const query of [{ app_id: app.app_id, app_secret: 'wrong' }, { app_id: 'app_unknown', app_secret: app.app_secret }]) {
      const error = await client.call(tokenEndpoints.openApiAccessToken, { query }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).code).toBe(44098);
      expect((error as PlatformError).reqId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('answers an unknown path with HTTP 404 and meta.code 404 in the envelope', async () => {
    const { status, json } = await raw(tp, 'GET', '/open_api/merchant/nothing_here?x=1');
    expect(status).toBe(404);
    expect(json.meta).toMatchObject({ code: 404, request_uri: '/open_api/merchant/nothing_here' });
    expect(json.meta.msg).not.toBe('');
    expect(json.response).toEqual({});
  });

  it('answers a wrong method on a known path with HTTP 405 and meta.code 405', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { status, json } = await raw(tp, method, '/skin_api/common/access_token');
      expect(status).toBe(405);
      expect(json.meta.code).toBe(405);
      expect(json.meta.error).toContain('GET');
    }
  });

  it('answers malformed JSON with HTTP 400 and meta.code 400', async () => {
    const { status, json } = await raw(tp, 'POST', '/open_api/merchant/stores', {
      headers: { 'content-type': 'application/json' },
      body: '{"app_id": ',
    });
    expect(status).toBe(400);
    expect(json.meta.code).toBe(400);
    expect(json.meta.error).toMatch(/^body: not valid JSON/);
  });

  it('refuses a "__proto__" key in valid JSON with 400, saying so; an array body names the body, not body.body; a wrong content type names the header', async () => {
    const app = tp.app('primary');
    const issued = await raw(tp, 'GET', `/skin_api/common/access_token?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`);
    const headers = { 'content-type': 'application/json', 'access-token': String((issued.json.response as { access_token: string }).access_token) };
    for (const body of ['{"__proto__": {"polluted": 1}, "name": "x"}', '{"constructor": {"prototype": {"a": 1}}}']) {
      const { status, json } = await raw(tp, 'POST', '/skin_api/analyze/task', { headers, body });
      expect([status, json.meta.code], body).toEqual([400, 400]);
      expect(json.meta.error, body).toContain('"__proto__" or "constructor.prototype" key');
    }
    const array = await raw(tp, 'POST', '/skin_api/analyze/task', { headers, body: '[1, 2]' });
    expect([array.status, array.json.meta.code, array.json.meta.error]).toEqual([400, 400, 'body: the body must be a JSON object']);
    // The same on an open_api route whose body rules return field failures (the route kit's checkedBy).
    const openToken = await raw(tp, 'GET', `/open_api/common/access_token?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`);
    const openHeaders = { 'content-type': 'application/json', 'access-token': String((openToken.json.response as { access_token: string }).access_token) };
    const stores = await raw(tp, 'POST', '/open_api/merchant/stores', { headers: openHeaders, body: '[1, 2]' });
    expect([stores.status, stores.json.meta.code]).toEqual([400, 400]);
    expect(stores.json.meta.error).toMatch(/^body: /);
    // A type the endpoint does not read is the header's fault, not the body's.
    const text = await raw(tp, 'POST', '/open_api/merchant/stores', { headers: { ...openHeaders, 'content-type': 'application/xml' }, body: '<store/>' });
    expect([text.status, text.json.meta.code, text.json.meta.error]).toEqual([400, 400, 'headers.content-type: not a type this endpoint reads (JSON endpoints take application/json)']);
  });

  it('answers missing, wrong-typed and over-long parameters with HTTP 400, never 500', async () => {
    const cases = [
      '/open_api/common/access_token',
      '/open_api/common/access_token?app_id=only',
      `/open_api/common/access_token?app_id=${'x'.repeat(5000)}&app_secret=y`,
      '/skin_api/common/access_token?app_id=a&app_id=b&app_secret=c',
    ];
    for (const path of cases) {
      const { status, json } = await raw(tp, 'GET', path);
      expect(status, path).toBe(400);
      expect(json.meta.code, path).toBe(400);
      expect(json.meta.error, path).toMatch(/^query\./);
    }
  });

  it('answers a body over the limit with HTTP 400 and keeps serving', async () => {
    const huge = JSON.stringify({ pad: 'x'.repeat(tp.platform.services.config.jsonBodyLimit + 10) });
    // A route that takes a body: the wrong method would be 405 before the body is read (D-004).
    const { status, json } = await raw(tp, 'POST', '/open_api/merchant/stores', { headers: { 'content-type': 'application/json' }, body: huge });
    expect(status).toBe(400);
    expect(json.meta).toMatchObject({ code: 400, request_uri: '/open_api/merchant/stores' });
    expect(json.meta.error).toMatch(/body/i);
    const after = await raw(tp, 'GET', '/nowhere');
    expect(after.status).toBe(404);
  });

  it('gives every enveloped answer a distinct req_id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await raw(tp, 'GET', '/nowhere')).json.meta.req_id ?? '');
    expect(ids.size).toBe(5);
  });
});
