import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatformApp } from '../../../platform/app.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { parsePlatformConfig } from '../../../platform/config.ts';
import { RateLimitRepository } from '../../../platform/http/rate-limit-repository.ts';
import { createServices } from '../../../platform/services.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import type { SqlDatabase } from '../../../platform/storage/sql.ts';
import { OpsCodes } from '../../../protocol/ops-codes.ts';
import { SQL_BACKENDS, openTestDatabase, type TestDatabase } from '../../helpers/sql-backends.ts';

/**
 * Token issuance is rate limited per app_id and client address, with the counters in the
 * platform database, so several processes on one PostgreSQL server share the limit (D-052).
 */
describe.each(SQL_BACKENDS)('token rate limit on %s', (backend) => {
  let test: TestDatabase;
  /** A second connection pool on the same database: another platform process (PostgreSQL only). */
  let other: SqlDatabase;
  const clock = new ManualClock();
  const nodes: FastifyInstance[] = [];
  const closers: (() => unknown)[] = [];

  /** A platform instance over the test database, without listening (requests are injected). */
  async function node(sql: SqlDatabase): Promise<FastifyInstance> {
    const config = parsePlatformConfig({ dataDir: test.dataDir, logLevel: 'silent', tokenRateLimit: 3, rateLimitWindowSeconds: 60, analysisWorkers: 1 });
    const app = await buildPlatformApp(createServices(config, clock, sql));
    closers.push(() => app.close());
    return app;
  }

  beforeAll(async () => {
    test = await openTestDatabase(backend);
    other = test.url ? new PostgresDatabase(test.url) : test.db;
    nodes.push(await node(test.db), await node(other));
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    if (other !== test.db) await other.close();
    await test.close();
  });

  const token = (on: FastifyInstance, appId: string, path = '/open_api/common/access_token') =>
    on.inject({ method: 'GET', url: `${path}?app_id=${appId}&app_secret=wrong` });

  it('counts requests of one app and address across instances and both token paths, then refuses with 429 in the envelope', async () => {
    const answers = [await token(nodes[0]!, 'app-a'), await token(nodes[1]!, 'app-a'), await token(nodes[0]!, 'app-a', '/skin_api/common/access_token')];
    // Within the limit the credentials are judged as always (a business code with HTTP 200).
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(answers[2]!.headers['x-ratelimit-remaining']).toBe('0');
    const refused = await token(nodes[1]!, 'app-a');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const body = refused.json<{ meta: { code: number; msg: string; request_uri: string }; response: unknown }>();
    expect(body.meta.code).toBe(OpsCodes.TOO_MANY_REQUESTS.code);
    expect(body.meta.msg).toBe(OpsCodes.TOO_MANY_REQUESTS.msg);
    expect(body.meta.request_uri).toBe('/open_api/common/access_token');
    // Another app from the same address has its own budget.
    expect((await token(nodes[0]!, 'app-b')).statusCode).toBe(200);
  });

  it('starts counting again when the window has passed', async () => {
    clock.advance(61_000);
    expect((await token(nodes[1]!, 'app-a')).statusCode).toBe(200);
  });

  it('loses no count under concurrent hits from two connection pools', async () => {
    const repositories = [new RateLimitRepository(test.db), new RateLimitRepository(other)];
    const now = clock.now();
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => repositories[i % 2]!.hit('concurrent', now, 60_000)));
    expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await repositories[0]!.sweep(now + 1)).toBeGreaterThan(0);
  });
});

describe('a database that cannot be reached', () => {
  let app: FastifyInstance;
  let test: TestDatabase;
  let gone: PostgresDatabase;
  beforeAll(async () => {
    test = await openTestDatabase('sqlite');
    // Nothing listens on port 1: every query fails to connect, as when the server is down.
    gone = new PostgresDatabase('postgres://platform@127.0.0.1:1/platform', { connectTimeoutMs: 500 });
    const config = parsePlatformConfig({ dataDir: test.dataDir, logLevel: 'silent', analysisWorkers: 1 });
    app = await buildPlatformApp(createServices(config, new ManualClock(), gone));
  });
  afterAll(async () => {
    await app.close();
    await gone.close();
    await test.close();
  });

  it('fails /readyz and answers requests that need it with 503 in the envelope', async () => {
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ meta: { code: number; error: string } }>().meta).toMatchObject({ code: 500, error: 'database unreachable' });
    const token = await app.inject('/open_api/common/access_token?app_id=a&app_secret=b');
    expect(token.statusCode).toBe(503);
    expect(token.json<{ meta: { code: number } }>().meta.code).toBe(500);
  });
});
