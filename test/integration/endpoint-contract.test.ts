import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../protocol/endpoint.ts';
import { platformEndpoints } from '../../main/platform-client/api.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

// The kiosk's client and the platform are typed by the same endpoint definitions; this proves
// the platform actually serves each one at its method and path.
describe('every endpoint the client knows is served by the platform', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1 } });
  });
  afterAll(() => tp.stop());

  it.each(Object.entries(platformEndpoints))('%s', async (_name, ep) => {
    const path = fillPath(ep.path, { status: 1, key: 'x' });
    const res = await request(`${tp.platform.url}${path}`, {
      method: ep.method,
      headers: ep.method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: ep.method === 'GET' ? undefined : '{}',
    });
    const body = (await res.body.json()) as { meta: { code: number } };
    // A route that exists answers its own refusal; only the router answers meta.code 404.
    expect(body.meta.code).not.toBe(404);
    expect(res.statusCode).not.toBe(405);
    expect(res.statusCode).not.toBe(500);
    expect(body.meta.code).not.toBe(0);
  });
});
