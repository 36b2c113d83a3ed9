import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

/**
 * HTTP-level bad input (specification: Errors; D-002 to D-005, D-031): what Node's parser refuses
 * before any route runs, methods a path lacks (OPTIONS and HEAD included), and the order of the
 * method check and body parsing. Raw HTTP: the typed client never sends any of this.
 */

interface EnvelopeBody {
  meta: { code: number; msg: string; error: string; request_uri: string; req_id?: string };
  response: Record<string, unknown>;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

async function send(tp: TestPlatform, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const res = await request(`${tp.platform.url}${path}`, { method: method as 'GET', headers: init.headers, body: init.body });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

function envelope(answer: RawAnswer): EnvelopeBody {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(answer.text) as EnvelopeBody;
}

/** Writes `data` on a fresh connection and returns everything the server sends until it closes. */
function overSocket(tp: TestPlatform, data: string): Promise<string> {
  const { hostname, port } = new URL(tp.platform.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(data));
    let out = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (out += chunk));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no close; got ${JSON.stringify(out)}`)));
  });
}

function parseRawResponse(raw: string): { status: number; headers: Map<string, string>; json: EnvelopeBody } {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = raw.slice(0, split).split('\r\n');
  const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = raw.slice(split + 4);
  expect(Buffer.byteLength(body, 'latin1')).toBe(Number(headers.get('content-length')));
  return { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) as EnvelopeBody };
}

describe('platform core: HTTP-level bad input', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });

  async function stillServing(): Promise<void> {
    const after = await send(tp, 'GET', '/nowhere');
    expect([after.status, envelope(after).meta.code]).toEqual([404, 404]);
  }

  describe("requests Node's parser refuses get HTTP 400 with the envelope, not a bare 431", () => {
    it('a URL over the 16 KiB header limit', async () => {
      const answer = await send(tp, 'GET', `/open_api/merchant/stores?page=1&pad=${'a'.repeat(20_000)}`);
      expect(answer.status).toBe(400);
      const { meta, response } = envelope(answer);
      expect(meta).toMatchObject({ code: 400, msg: 'parameter missing or incorrect', request_uri: '/open_api/merchant/stores' });
      expect(meta.error).toContain('16 KiB');
      expect(meta.req_id).toMatch(/^[0-9a-f]{32}$/);
      expect(response).toEqual({});
      await stillServing();
    });

    it('a header over the limit, with the connection closed after the answer', async () => {
      const answer = await send(tp, 'GET', '/open_api/merchant/stores', { headers: { 'x-padding': 'b'.repeat(20_000) } });
      expect(answer.status).toBe(400);
      expect(answer.headers['connection']).toBe('close');
      expect(envelope(answer).meta).toMatchObject({ code: 400, request_uri: '/open_api/merchant/stores' });
      await stillServing();
    });

    it('headers over the limit in total, however many', async () => {
      const headers = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-h${i}`, 'c'.repeat(60)]));
      const answer = await send(tp, 'POST', '/open_api/merchant/products', { headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      expect([answer.status, envelope(answer).meta.code]).toEqual([400, 400]);
    });

    it.each([
      ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', ''],
      ['a method token with bad characters', 'G(T /open_api/merchant/stores HTTP/1.1\r\nHost: x\r\n\r\n', ''],
      ['a header name with a space', 'GET /open_api/merchant/area HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', '/open_api/merchant/area'],
      ['a broken chunk size', 'POST /open_api/merchant/products HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n', ''],
    ])('%s', async (_name, data, uri) => {
      const answer = parseRawResponse(await overSocket(tp, data));
      expect(answer.status).toBe(400);
      expect(answer.headers.get('connection')).toBe('close');
      expect(answer.json.meta.code).toBe(400);
      expect(answer.json.meta.error).toMatch(/malformed HTTP request/);
      if (uri) expect(answer.json.meta.request_uri).toBe(uri);
      expect(answer.json.meta.req_id).toMatch(/^[0-9a-f]{32}$/);
      await stillServing();
    });

    it('a client that disconnects mid-request does not disturb the server', async () => {
      const { hostname, port } = new URL(tp.platform.url);
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write('POST /open_api/merchant/products HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"product');
          socket.destroy();
          resolve();
        });
      });
      await stillServing();
    });
  });

  describe('methods a path lacks', () => {
    it('OPTIONS on a known path is 405 with the envelope and an Allow header', async () => {
      for (const [path, allow] of [
        ['/open_api/merchant/stores', 'GET, HEAD, POST, PATCH'],
        ['/open_api/product/links', 'PATCH'],
        ['/open_api/common/access_token', 'GET, HEAD'],
      ] as const) {
        const answer = await send(tp, 'OPTIONS', path);
        expect(answer.status, path).toBe(405);
        expect(answer.headers['allow']).toBe(allow);
        const { meta } = envelope(answer);
        expect(meta).toMatchObject({ code: 405, request_uri: path });
        expect(meta.error).toContain('OPTIONS is not supported');
      }
    });

    it('OPTIONS on an unknown path is 404', async () => {
      const answer = await send(tp, 'OPTIONS', '/open_api/nothing');
      expect([answer.status, envelope(answer).meta.code]).toEqual([404, 404]);
    });

    it('HEAD of a GET path answers as GET does, without a body', async () => {
      const get = await send(tp, 'GET', '/open_api/merchant/stores');
      const head = await send(tp, 'HEAD', '/open_api/merchant/stores');
      expect(head.status).toBe(get.status);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.text).toBe('');
      const badQuery = await send(tp, 'HEAD', '/open_api/common/access_token');
      expect(badQuery.status).toBe(400);
    });

    it('HEAD of a path without GET is 405, HEAD of an unknown path 404, neither with a body', async () => {
      const patchOnly = await send(tp, 'HEAD', '/open_api/product/status/1');
      expect(patchOnly.status).toBe(405);
      expect(patchOnly.headers['allow']).toBe('PATCH');
      expect(patchOnly.text).toBe('');
      const unknown = await send(tp, 'HEAD', '/open_api/nothing');
      expect([unknown.status, unknown.text]).toEqual([404, '']);
    });
  });

  describe('the method is checked before the body is read (D-004)', () => {
    const json = { 'content-type': 'application/json' };

    it('a wrong method with malformed JSON is 405', async () => {
      for (const [method, path] of [['POST', '/open_api/common/access_token'], ['PUT', '/open_api/merchant/stores'], ['DELETE', '/open_api/product/links']]) {
        const answer = await send(tp, method as string, path as string, { headers: json, body: '{"broken": ' });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(envelope(answer).meta.code).toBe(405);
      }
    });

    it('a wrong method with a body over the limit is 405, and the server keeps serving', async () => {
      const huge = JSON.stringify({ pad: 'x'.repeat(tp.platform.services.config.jsonBodyLimit + 10) });
      const answer = await send(tp, 'POST', '/open_api/common/access_token', { headers: json, body: huge });
      expect([answer.status, envelope(answer).meta.code]).toEqual([405, 405]);
      await stillServing();
    });

    it('a wrong method with a content type no route parses is 405, not 400', async () => {
      const answer = await send(tp, 'POST', '/open_api/merchant/langs', { headers: { 'content-type': 'application/x-unknown' }, body: 'x' });
      expect([answer.status, envelope(answer).meta.code]).toEqual([405, 405]);
    });

    it('an unknown path with malformed JSON is 404', async () => {
      const answer = await send(tp, 'POST', '/open_api/merchant/nothing', { headers: json, body: '{"broken": ' });
      expect(answer.status).toBe(404);
      expect(envelope(answer).meta).toMatchObject({ code: 404, request_uri: '/open_api/merchant/nothing' });
    });

    it('the right method with malformed JSON is still 400', async () => {
      const answer = await send(tp, 'POST', '/open_api/merchant/stores', { headers: json, body: '{"broken": ' });
      expect([answer.status, envelope(answer).meta.code]).toEqual([400, 400]);
    });
  });
});
