import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER, TOKEN_TTL_SECONDS } from '../../../protocol/token.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { succeededTask } from '../report-data/helpers.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly wire: Buffer;
  readonly body: { meta: { code: number; msg: string; error: string; request_uri: string; req_id: string }; response: Record<string, unknown> };
}

/**
 * The poll of a finished task answered before routing (D-084): its kept answer, when the token
 * holder, the merchant's scope and the answer are all in memory. These tests hold it to the
 * route's behaviour: the same bytes and headers, the same refusals, the token cache's bound.
 */
describe('a finished task poll answered before routing', () => {
  const clock = new ManualClock(Date.now());
  let tp: TestPlatform;
  let primaryToken: string;
  let primaryMerchant: string;
  let taskId: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ clock });
    primaryToken = await tp.client(tp.app('primary')).accessToken();
    primaryMerchant = String(tp.app('primary').merchant_id);
    taskId = await succeededTask(tp, Number(primaryMerchant), {});
  });
  afterAll(() => tp.stop());
  afterEach(() => vi.restoreAllMocks());

  async function poll(query: string, headers: Record<string, string>, method: 'GET' | 'HEAD' | 'POST' = 'GET'): Promise<Answer> {
    const res = await request(`${tp.platform.url}/skin_api/analyze/result${query}`, { method, headers });
    const wire = Buffer.from(await res.body.arrayBuffer());
    const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
    return { status: res.statusCode, headers: res.headers, wire, body: text === '' ? (undefined as never) : (JSON.parse(text) as Answer['body']) };
  }

  const asPrimary = (extra: Record<string, string> = {}) => ({ [ACCESS_TOKEN_HEADER]: primaryToken, [MERCHANT_ID_HEADER]: primaryMerchant, ...extra });
  /** The route authenticates with TokenService.authenticate; the step before routing never does. */
  const routeAuthentications = () => vi.spyOn(tp.platform.services.tokens, 'authenticate');
  const withoutReqId = (body: Answer['body']) => ({ ...body, meta: { ...body.meta, req_id: '' } });

  it("answers a kept poll without the route, with the route's bytes and headers and a req_id of its own", async () => {
    const byRoute = await poll(`?task_id=${taskId}`, asPrimary());
    const byRouteGzip = await poll(`?task_id=${taskId}`, asPrimary({ 'accept-encoding': 'gzip' }));
    const authentications = routeAuthentications();
    const early = await poll(`?task_id=${taskId}`, asPrimary());
    const earlyGzip = await poll(`?task_id=${taskId}`, asPrimary({ 'accept-encoding': 'gzip' }));
    expect(authentications).not.toHaveBeenCalled();
    expect(early.body.meta.code).toBe(0);
    expect(early.body.response).toMatchObject({ task_id: taskId, status: 'succeeded' });
    // Byte for byte the route's answer, but for the 32 hex digits of req_id.
    expect(early.wire.toString('utf8').replace(early.body.meta.req_id, '')).toBe(byRoute.wire.toString('utf8').replace(byRoute.body.meta.req_id, ''));
    expect(withoutReqId(earlyGzip.body)).toEqual(withoutReqId(byRoute.body));
    expect(new Set([byRoute, byRouteGzip, early, earlyGzip].map((a) => a.body.meta.req_id)).size).toBe(4);
    expect(early.body.meta.req_id).toMatch(/^[0-9a-f]{32}$/);
    for (const [answer, route] of [[early, byRoute], [earlyGzip, byRouteGzip]] as const) {
      for (const name of ['content-type', 'vary', 'content-encoding', 'content-length', 'connection', 'keep-alive']) expect(answer.headers[name], name).toEqual(route.headers[name]);
      expect(Number(answer.headers['content-length'])).toBe(answer.wire.length);
    }
    expect(earlyGzip.headers['content-encoding']).toBe('gzip');
  });

  it('records each early answer in the request latency metric of the route', async () => {
    await poll(`?task_id=${taskId}`, asPrimary());
    const count = async () => {
      const text = await (await request(`${tp.platform.url}/metrics`)).body.text();
      const line = text.split('\n').find((l) => l.startsWith('platform_http_request_duration_seconds_count{method="GET",route="/skin_api/analyze/result",status_code="200"}'));
      return Number(line?.split(' ')[1] ?? 0);
    };
    // An answer is counted when it finished, which may come a moment after its client read it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = await count();
    const authentications = routeAuthentications();
    for (let i = 0; i < 3; i++) expect((await poll(`?task_id=${taskId}`, asPrimary())).body.meta.code).toBe(0);
    expect(authentications).not.toHaveBeenCalled();
    // The metrics request itself is another route.
    await vi.waitFor(async () => expect(await count()).toBe(before + 3));
  });

  it("refuses another merchant's kept task and a token naming another merchant, as the route does", async () => {
    await poll(`?task_id=${taskId}`, asPrimary());
    const second = tp.app('second');
    const secondToken = await tp.client(second).accessToken();
    const foreignTask = await poll(`?task_id=${taskId}`, { [ACCESS_TOKEN_HEADER]: secondToken, [MERCHANT_ID_HEADER]: String(second.merchant_id) });
    expect(foreignTask.body.meta.code).toBe(45030);
    expect(foreignTask.body.response).toEqual({});
    // A merchant token naming another merchant is refused, even for a task of its own with a kept answer.
    const ownTask = await succeededTask(tp, Number(second.merchant_id), {});
    expect((await poll(`?task_id=${ownTask}`, { [ACCESS_TOKEN_HEADER]: secondToken })).body.meta.code).toBe(0);
    for (const id of [taskId, ownTask]) {
      const foreignHeader = await poll(`?task_id=${id}`, { [ACCESS_TOKEN_HEADER]: secondToken, [MERCHANT_ID_HEADER]: primaryMerchant });
      expect(foreignHeader.body.meta).toMatchObject({ code: 400, error: 'headers.merchant-id: does not match the merchant of this token' });
    }
    // A group token reaches the task through the merchant-id header, and only for a merchant of its group.
    const groupToken = await tp.client(tp.app('group')).accessToken();
    expect((await poll(`?task_id=${taskId}`, { [ACCESS_TOKEN_HEADER]: groupToken, [MERCHANT_ID_HEADER]: primaryMerchant })).body.meta.code).toBe(0);
    expect((await poll(`?task_id=${taskId}`, { [ACCESS_TOKEN_HEADER]: groupToken })).body.meta.code).toBe(400);
  });

  it('answers a bad, missing, replaced or expired token with 1001 whatever is kept', async () => {
    await poll(`?task_id=${taskId}`, asPrimary());
    expect((await poll(`?task_id=${taskId}`, asPrimary({ [ACCESS_TOKEN_HEADER]: 'not-a-token' }))).body.meta.code).toBe(1001);
    expect((await poll(`?task_id=${taskId}`, { [MERCHANT_ID_HEADER]: primaryMerchant })).body.meta.code).toBe(1001);
    // Replaced through this process: the old token stops at once (D-071).
    const app = tp.app('primary');
    const replaced = primaryToken;
    primaryToken = (await tp.platform.services.tokens.issue(app.app_id, app.app_secret)).access_token;
    expect((await poll(`?task_id=${taskId}`, asPrimary({ [ACCESS_TOKEN_HEADER]: replaced }))).body.meta.code).toBe(1001);
    expect((await poll(`?task_id=${taskId}`, asPrimary())).body.meta.code).toBe(0);
    // Expired: the kept holder is checked against the clock on every request.
    clock.advance(TOKEN_TTL_SECONDS * 1000);
    expect((await poll(`?task_id=${taskId}`, asPrimary())).body.meta.code).toBe(1001);
    primaryToken = (await tp.platform.services.tokens.issue(app.app_id, app.app_secret)).access_token;
  });

  it('stops answering a token replaced through another node within the token cache bound of 1 s', async () => {
    await poll(`?task_id=${taskId}`, asPrimary());
    const app = tp.app('primary');
    // What another process on the same database does when it issues a new token for this app.
    const other = `other-node-${Date.now()}`;
    const now = clock.now();
    await tp.platform.services.sql.run('UPDATE tokens SET token_hash = ?, issued_at = ?, expires_at = ? WHERE app_id = ?', [createHash('sha256').update(other).digest('hex'), now, now + TOKEN_TTL_SECONDS * 1000, app.app_id]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await poll(`?task_id=${taskId}`, asPrimary())).body.meta.code).toBe(1001);
    primaryToken = other;
    expect((await poll(`?task_id=${taskId}`, asPrimary())).body.meta.code).toBe(0);
  });

  it('leaves a missing, malformed or encoded task_id to the route, with its answers', async () => {
    await poll(`?task_id=${taskId}`, asPrimary());
    const missing = await poll('', asPrimary());
    expect(missing.body.meta).toMatchObject({ code: 400, error: expect.stringMatching(/^query\.task_id: /) });
    const tooLong = await poll(`?task_id=${'t'.repeat(65)}`, asPrimary());
    expect(tooLong.body.meta).toMatchObject({ code: 400, error: expect.stringMatching(/^query\.task_id: /) });
    const twice = await poll(`?task_id=${taskId}&task_id=${taskId}`, asPrimary());
    expect(twice.body.meta).toMatchObject({ code: 400, error: expect.stringMatching(/^query\.task_id: /) });
    expect((await poll(`?task_id=${taskId}x`, asPrimary())).body.meta.code).toBe(45030);
    // Percent-encoded, the same task: the route decodes it and answers it.
    const authentications = routeAuthentications();
    const encoded = await poll(`?task_id=%${taskId.charCodeAt(0).toString(16)}${taskId.slice(1)}`, asPrimary());
    expect(authentications).toHaveBeenCalledTimes(1);
    expect(encoded.body.meta.code).toBe(0);
    expect(encoded.body.response).toMatchObject({ task_id: taskId });
  });

  it("writes the route's status line and headers, in its order, and the same bytes but req_id (D-089)", async () => {
    await poll(`?task_id=${taskId}`, asPrimary());
    const encoded = `%${taskId.charCodeAt(0).toString(16)}${taskId.slice(1)}`;
    for (const extra of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const authentications = routeAuthentications();
      const early = await rawGet(`/skin_api/analyze/result?task_id=${taskId}`, asPrimary(extra));
      expect(authentications).not.toHaveBeenCalled();
      // Percent-encoded, the same task: the route answers it (its own authentication).
      const byRoute = await rawGet(`/skin_api/analyze/result?task_id=${encoded}`, asPrimary(extra));
      expect(authentications).toHaveBeenCalledTimes(1);
      authentications.mockRestore();
      // Date is the second's; the rest is Fastify's header block line for line.
      const lines = (head: string) => head.split('\r\n').filter((line) => !/^date: /i.test(line));
      expect(lines(early.head)).toEqual(lines(byRoute.head));
      if (!('accept-encoding' in extra)) {
        const text = (body: Buffer) => body.toString('utf8').replace(/"req_id":"[0-9a-f]{32}"/, '');
        expect(text(early.body)).toBe(text(byRoute.body));
      }
    }
  });

  /** A GET over a socket of its own: the header block as written, and the body. */
  async function rawGet(target: string, headers: Record<string, string>): Promise<{ head: string; body: Buffer }> {
    const { host, hostname, port } = new URL(tp.platform.url);
    const socket = connect(Number(port), hostname);
    // The Host of the polls before it: the kept answer is the base address's.
    const lines = [`GET ${target} HTTP/1.1`, `host: ${host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''];
    socket.end(lines.join('\r\n'));
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const wire = Buffer.concat(chunks);
    const end = wire.indexOf('\r\n\r\n');
    return { head: wire.subarray(0, end).toString('latin1'), body: wire.subarray(end + 4) };
  }

  it('leaves HEAD and other methods to their routes', async () => {
    const get = await poll(`?task_id=${taskId}`, asPrimary());
    const head = await poll(`?task_id=${taskId}`, asPrimary(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.wire.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    const post = await poll(`?task_id=${taskId}`, asPrimary(), 'POST');
    expect(post.status).toBe(405);
    expect(post.body.meta.code).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});
