import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyAnswers, EnvelopeFrame, simpleQuery, type EarlyAnswer, type EarlyAnswerOptions } from '../../../platform/http/early-answers.ts';
import { buildEnvelope, newRequestId } from '../../../platform/http/envelope.ts';
import { gzipOfParts, RawJson, serializeReply } from '../../../platform/http/raw-json.ts';
import { Codes } from '../../../protocol/codes.ts';
import type { RouteKitDeps } from '../../../platform/routes/route-kit.ts';
import { RouteKit } from '../../../platform/routes/route-kit.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';

describe('simpleQuery', () => {
  it('reads plain name=value pairs, each name once', () => {
    expect({ ...simpleQuery('task_id=t0a-b_c.d~') }).toEqual({ task_id: 't0a-b_c.d~' });
    expect({ ...simpleQuery('a=1&b=') }).toEqual({ a: '1', b: '' });
    expect({ ...simpleQuery('') }).toEqual({});
  });

  it("leaves to Fastify's parser whatever needs decoding or is not one value per name", () => {
    for (const query of ['task_id=%74x', 'task_id=a+b', 'task_id=a&task_id=b', 'task_id', '=x', 'a=1&', 'a=1&&b=2', 'task_id=a#b', 'task_id=a=b', '__proto__=x&__proto__=y']) {
      expect(simpleQuery(query), query).toBeUndefined();
    }
  });
});

describe('EarlyAnswers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A server whose GET /kept is answered by its route with response.via 'route', or early with 'early'. */
  async function serve(answer: EarlyAnswer, options: Partial<EarlyAnswerOptions> = {}): Promise<{ url: string; errors: unknown[] }> {
    app = Fastify({ logger: false });
    app.route({ method: ['GET', 'POST'], url: '/kept', handler: async () => ({ meta: { code: 0 }, response: { via: 'route' } }) });
    const errors: unknown[] = [];
    const early = new EarlyAnswers();
    early.add('/kept', answer);
    early.install(app, {
      publicBaseUrl: undefined, trustProxy: false, logRequests: false, isClosing: () => false,
      log: { ...app.log, error: (...args: unknown[]) => errors.push(args) } as unknown as EarlyAnswerOptions['log'],
      ...options,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, errors };
  }

  const kept = () => new RawJson<unknown>('{"via":"early"}');
  async function via(url: string, init: Parameters<typeof request>[1] = {}): Promise<string> {
    const res = await request(url, init);
    const body = (await res.body.json()) as { response: { via: string } };
    return body.response.via;
  }

  it('answers a GET of its path when the answerer has the answer, with the base address the request came in on', async () => {
    const answer = vi.fn(kept);
    const { url } = await serve(answer);
    expect(await via(`${url}/kept?task_id=t1`)).toBe('early');
    expect(answer).toHaveBeenCalledWith(expect.objectContaining({ baseUrl: url, query: expect.objectContaining({ task_id: 't1' }) }));
    expect(await via(`${url}/kept?task_id=t1`, { method: 'POST' })).toBe('route');
    const none = await serve(() => undefined);
    expect(await via(`${none.url}/kept?task_id=t1`)).toBe('route');
  });

  it('leaves to Fastify a request with a body, an encoded query, a trusted proxy, request logging or a closing platform', async () => {
    let closing = false;
    const { url } = await serve(kept, { isClosing: () => closing });
    expect(await via(`${url}/kept?task_id=t1`, { method: 'GET', body: '{}', headers: { 'content-type': 'application/json' } })).toBe('route');
    expect(await via(`${url}/kept?task_id=%74`)).toBe('route');
    expect(await via(`${url}/kept/?task_id=t1`).catch(() => 'unrouted')).toBe('unrouted');
    closing = true;
    expect(await via(`${url}/kept?task_id=t1`)).toBe('route');
    await app?.close();
    expect(await via(`${(await serve(kept, { trustProxy: true })).url}/kept`)).toBe('route');
    await app?.close();
    expect(await via(`${(await serve(kept, { trustProxy: true, publicBaseUrl: 'https://api.example.com' })).url}/kept`)).toBe('early');
    await app?.close();
    expect(await via(`${(await serve(kept, { logRequests: true })).url}/kept`)).toBe('route');
  });

  it('logs a fault of the answerer and lets the route answer', async () => {
    const { url, errors } = await serve(() => {
      throw new Error('broken');
    });
    expect(await via(`${url}/kept?task_id=t1`)).toBe('route');
    expect(errors).toHaveLength(1);
  });

  it('tells of each answer it gave, by route and code, asking for the route\'s metric once', async () => {
    const observe = vi.fn();
    const observer = vi.fn(() => observe);
    const { url } = await serve(kept, { observer });
    await via(`${url}/kept?task_id=t1`);
    await via(`${url}/kept?task_id=t2`);
    expect(observer).toHaveBeenCalledTimes(1);
    expect(observer).toHaveBeenCalledWith('GET', '/kept', 200);
    await vi.waitFor(() => expect(observe).toHaveBeenCalledTimes(2));
    expect(observe).toHaveBeenCalledWith(expect.any(Number));
  });
});

describe('EnvelopeFrame', () => {
  it("writes the reply serializer's bytes of the enveloped payload, whatever the req_id and payload", () => {
    for (const path of ['/skin_api/analyze/result', '/open_api/merchant/products', '/x/"quoted"/ü']) {
      const frame = new EnvelopeFrame(path);
      for (const payload of [new RawJson('{"a":1}'), new RawJson('{"name":"保湿精华 \\"x\\""}'), new RawJson('[]')]) {
        const reqId = newRequestId();
        const head = frame.head(reqId);
        const written = Buffer.concat([Buffer.from(head, 'utf8'), payload.bytes, frame.tail]);
        expect(written.equals(Buffer.from(serializeReply(buildEnvelope(Codes.OK, payload, '', path, reqId)) as Buffer)), path).toBe(true);
        expect(Buffer.byteLength(head)).toBe(frame.headBytes);
      }
    }
  });

  it('gzips the same bytes: a valid stream, laid out once per payload, whose req_id and CRC change per request (D-094)', () => {
    // The kept part's deflate blocks span several; a path near the limit of one stored block.
    const big = new RawJson(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i, url: `https://x.example/o/k-${i}.png`, name: 'héllo ✓' }))));
    const longPath = `/p/${'ü'.repeat(32_700)}`;
    for (const path of ['/skin_api/analyze/result', '/x/"quoted"/ü', longPath]) {
      const frame = new EnvelopeFrame(path);
      for (const payload of [new RawJson('{"a":1}'), new RawJson('{"name":"保湿精华 \\"x\\""}'), big]) {
        const gzipped = frame.gzipped(payload);
        expect(frame.gzipped(payload)).toBe(gzipped);
        // Made one after the other and read after both: each request's bytes are its own.
        const made = [newRequestId(), newRequestId()].map((reqId) => ({ reqId, stream: gzipped.stream.bytes(reqId) }));
        for (const { reqId, stream } of made) {
          expect(stream.length).toBe(gzipped.stream.length);
          expect(gzipped.contentLength).toBe(String(stream.length));
          // gunzipSync checks the stream's CRC-32 and length as well as its blocks.
          const identity = Buffer.from(serializeReply(buildEnvelope(Codes.OK, payload, '', path, reqId)) as Buffer);
          expect(gunzipSync(stream).equals(identity), path.slice(0, 30)).toBe(true);
          // The very stream the route's reply serializer spliced (so Content-Length is the route's too).
          expect(stream.equals(gzipOfParts([Buffer.from(frame.head(reqId), 'utf8'), payload, frame.tail]))).toBe(true);
        }
      }
    }
    expect(() => new EnvelopeFrame(`/p/${'ü'.repeat(32_800)}`)).toThrow(/over 65535 bytes/);
    expect(() => new EnvelopeFrame('/x').gzipped(new RawJson('1')).stream.bytes('short')).toThrow(/5 characters/);
  });

  it('makes req_ids of 32 hex digits in the form of a version 4 UUID, each new', () => {
    const ids = Array.from({ length: 600 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('RouteKit.keptAnswer', () => {
  it('gives kept answers only to routed, enveloped, merchant-scoped GETs of the root scope', async () => {
    const app = Fastify({ logger: false });
    const early = new EarlyAnswers();
    const add = vi.spyOn(early, 'add');
    const kit = new RouteKit(app, { early, publicBaseUrl: undefined } as unknown as RouteKitDeps);
    const none = () => undefined;
    expect(() => kit.keptAnswer(skinApiEndpoints.taskResult, none)).toThrow(/route the endpoint before/);
    kit.route(skinApiEndpoints.createTask, {}, () => ({ task_id: 't' }));
    expect(() => kit.keptAnswer(skinApiEndpoints.createTask, none)).toThrow(/merchant-scoped GETs/);
    kit.within(app).route(skinApiEndpoints.taskResult, {}, () => ({}) as never);
    expect(() => kit.keptAnswer(skinApiEndpoints.taskResult, none)).toThrow(/root scope/);
    expect(add).not.toHaveBeenCalled();
    const root = new RouteKit(Fastify({ logger: false }), { early, publicBaseUrl: undefined } as unknown as RouteKitDeps);
    root.route(skinApiEndpoints.taskResult, {}, () => ({}) as never);
    root.keptAnswer(skinApiEndpoints.taskResult, none);
    expect(add).toHaveBeenCalledWith('/skin_api/analyze/result', expect.any(Function));
    await app.close();
  });
});
