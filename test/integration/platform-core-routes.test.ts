import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, routePath, type Endpoint } from '../../protocol/endpoint.ts';
import { catalogueEndpoints } from '../../protocol/endpoints/catalogue.ts';
import { deviceSyncEndpoints, sharedLinkEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { merchantEndpoints } from '../../protocol/endpoints/merchant.ts';
import { reportDataEndpoints } from '../../protocol/endpoints/report-data.ts';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import { buildPlatformApp } from '../../platform/app.ts';
import { systemClock } from '../../platform/clock.ts';
import { parsePlatformConfig } from '../../platform/config.ts';
import { UndeclaredRouteError } from '../../platform/http/route-guard.ts';
import type { RouteKit } from '../../platform/routes/route-kit.ts';
import { createServices, type PlatformServices } from '../../platform/services.ts';
import { openPlatformDatabase, type SqlDatabase } from '../../platform/storage/database.ts';

/**
 * Deny by default (D-038): every platform route goes through the route kit, which authenticates
 * unless the endpoint's descriptor says `auth: 'none'` and the route says why; a route
 * registered any other way stops the platform from starting.
 */
const secret = endpoint({
  method: 'GET', path: '/test_only/secret', auth: 'token', merchantScoped: false, enveloped: true,
  response: z.object({ secret: z.string() }),
});
const scoped = endpoint({
  method: 'POST', path: '/test_only/scoped', auth: 'token', merchantScoped: true, enveloped: true,
  body: z.object({ n: z.number() }), response: z.object({ n: z.number() }),
});
const open = endpoint({
  method: 'GET', path: '/test_only/open', auth: 'none', merchantScoped: false, enveloped: true,
  query: z.object({ q: z.string() }), response: z.object({ q: z.string() }),
});

const ALL_DESCRIPTORS: readonly Endpoint[] = [
  ...Object.values(tokenEndpoints),
  ...Object.values(merchantEndpoints),
  ...Object.values(catalogueEndpoints),
  ...Object.values(skinApiEndpoints),
  ...Object.values(reportDataEndpoints),
  ...Object.values(deviceSyncEndpoints),
  ...Object.values(sharedLinkEndpoints),
];

describe('platform routes: deny by default', () => {
  let dataDir: string;
  let db: SqlDatabase;
  let services: PlatformServices;
  const apps: FastifyInstance[] = [];
  const build = async (routes?: (kit: RouteKit, app: FastifyInstance) => void) => {
    const app = await buildPlatformApp(services, routes);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'platform-routes-'));
    const config = parsePlatformConfig({ port: 0, dataDir, logLevel: 'silent' });
    db = await openPlatformDatabase({ dataDir: config.dataDir });
    services = createServices(config, systemClock, db);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses at start-up a route registered without declaring its access', async () => {
    const app = await build();
    expect(() => app.get('/test_only/forgotten', async () => ({ secret: 'leaked' }))).toThrow(UndeclaredRouteError);
    expect(() => app.route({ method: 'POST', url: '/test_only/forgotten', handler: async () => ({}) })).toThrow(/declares no access/);
    // Nothing was registered: the path is unknown, not served.
    const answer = await app.inject({ method: 'GET', url: '/test_only/forgotten' });
    expect([answer.statusCode, answer.json<{ meta: { code: number } }>().meta.code]).toEqual([404, 404]);
  });

  it('refuses one registered by hand inside a plugin scope too, so the platform does not start', async () => {
    await expect(
      buildPlatformApp(services, (_kit, app) => {
        void app.register(async (scope) => {
          scope.get('/test_only/in_scope', async () => ({}));
        });
      }).then((app) => {
        apps.push(app);
        return app.ready();
      }),
    ).rejects.toThrow(UndeclaredRouteError);
  });

  it('authenticates a route of a token endpoint without being told: 1001 with no token or a wrong one', async () => {
    let reached = 0;
    const app = await build((kit) => {
      kit.route(secret, {}, () => {
        reached += 1;
        return { secret: 'x' };
      });
      kit.route(scoped, {}, ({ body }) => body);
    });
    for (const headers of [{}, { 'access-token': 'not-a-token' }]) {
      const answer = await app.inject({ method: 'GET', url: '/test_only/secret', headers });
      expect([answer.statusCode, answer.json<{ meta: { code: number } }>().meta.code]).toEqual([200, 1001]);
      const body = await app.inject({ method: 'POST', url: '/test_only/scoped', headers, payload: { n: 'not a number' } });
      // Who calls is proven before the body is looked at.
      expect(body.json<{ meta: { code: number } }>().meta.code).toBe(1001);
    }
    expect(reached).toBe(0);
  });

  it('serves a public endpoint only when the route declares it, and checks its query with the descriptor', async () => {
    const app = await build((kit) => kit.route(open, { public: 'test: nothing secret' }, ({ query }) => query));
    const ok = await app.inject({ method: 'GET', url: '/test_only/open?q=hi' });
    expect(ok.json()).toMatchObject({ meta: { code: 0 }, response: { q: 'hi' } });
    const bad = await app.inject({ method: 'GET', url: '/test_only/open' });
    expect(bad.json()).toMatchObject({ meta: { code: 400, error: expect.stringMatching(/^query\.q: /) } });
  });

  it("follows the descriptor: a public endpoint must give its reason, a token endpoint cannot be made public", async () => {
    await expect(build((kit) => kit.route(open, {} as never, () => ({ q: '' })))).rejects.toThrow(/declare it public with its reason/);
    await expect(build((kit) => kit.route(secret, { public: 'why not' } as never, () => ({ secret: '' })))).rejects.toThrow(/cannot be declared public/);
    await expect(build((kit) => kit.open({ method: 'GET', url: '/test_only/raw', public: ' ' }, async () => ({})))).rejects.toThrow(/needs its reason/);
  });

  it("answers the demo merchant's refusals in the envelope, with their HTTP status (D-039)", async () => {
    const app = await build();
    const crm = await app.inject({ method: 'GET', url: '/demo_merchant/1/crm?keyword=x&sig_time=1&sig=00' });
    expect(crm.statusCode).toBe(401);
    expect(crm.json()).toMatchObject({ meta: { code: 46001, msg: 'signature invalid', error: 'bad signature', request_uri: '/demo_merchant/1/crm' }, response: {} });
    const webhook = await app.inject({ method: 'POST', url: '/demo_merchant/999/webhook', payload: { sig: 'x', sig_time: 1, data_type: 'test' } });
    expect(webhook.statusCode).toBe(401);
    expect(webhook.json()).toMatchObject({ meta: { code: 46001, error: expect.stringMatching(/unknown merchant/) } });
  });

  it('registers every endpoint of protocol/endpoints', async () => {
    const app = await build();
    const missing = ALL_DESCRIPTORS.filter((ep) => !app.hasRoute({ method: ep.method, url: routePath(ep.path) })).map((ep) => `${ep.method} ${ep.path}`);
    expect(missing).toEqual([]);
  });
});
