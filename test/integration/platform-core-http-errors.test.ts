import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBody } from '../helpers/open-api.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

/**
 * HTTP-level bad input (specification: Errors; D-002 to D-005, D-031): what Node's parser and
 * Fastify's router refuse before any route runs, overlong path parameters, requests arriving
 * during shutdown, methods a path lacks (OPTIONS and HEAD included), and the order of the method
 * check and body parsing. Raw HTTP: the typed client never sends any of this.
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

/** node:http sends the path exactly as given, malformed percent-encoding included. */
function sendPath(tp: TestPlatform, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(tp.platform.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers: init.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
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

  describe('requests the router refuses get HTTP 400 with the envelope, not FST_ERR_BAD_URL', () => {
    it.each([
      ['GET', '/skin_api/analyze/%zz'],
      ['GET', '/open_api/merchant/stores%E0'],
      ['GET', '/nothing/%zz'],
      ['POST', '/skin_api/analyze/task%zz'],
      ['GET', '/a/%zz/../b'],
    ])('%s %s', async (method, path) => {
      const headers = method === 'POST' ? { 'content-type': 'application/json' } : undefined;
      const answer = await sendPath(tp, method, path, { headers, body: method === 'POST' ? '{}' : undefined });
      expect(answer.status).toBe(400);
      const { meta, response } = envelope(answer);
      expect(meta).toMatchObject({ code: 400, msg: 'parameter missing or incorrect', request_uri: path, error: 'path is not valid percent-encoded UTF-8' });
      expect(meta.req_id).toMatch(/^[0-9a-f]{32}$/);
      expect(response).toEqual({});
      expect(answer.text).not.toContain('FST_ERR');
    });

    it('meta.request_uri leaves out the query, each answer has its own req_id, and the server keeps serving', async () => {
      const first = envelope(await sendPath(tp, 'GET', '/open_api/merchant/stores%zz?page=%zz'));
      const second = envelope(await sendPath(tp, 'GET', '/open_api/merchant/stores%zz?page=%zz'));
      expect(first.meta.request_uri).toBe('/open_api/merchant/stores%zz');
      expect(first.meta.req_id).not.toBe(second.meta.req_id);
      await stillServing();
    });
  });

  describe('other refusals before routing', () => {
    it("an Expect header other than 100-continue is 400 with the envelope, not Node's bare 417", async () => {
      const answer = await sendPath(tp, 'GET', '/open_api/merchant/area', { headers: { expect: 'something-else' } });
      expect(answer.status).toBe(400);
      expect(answer.headers['connection']).toBe('close');
      const { meta } = envelope(answer);
      expect(meta).toMatchObject({ code: 400, request_uri: '/open_api/merchant/area', error: 'headers.expect: only 100-continue is supported' });
      expect(meta.req_id).toMatch(/^[0-9a-f]{32}$/);
      await stillServing();
    });

    it('bytes a URL cannot hold are 400 with meta.request_uri empty, not echoed', async () => {
      const answer = parseRawResponse(await overSocket(tp, 'GET /open_api/merchant/caf\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n'));
      expect([answer.status, answer.json.meta.code, answer.json.meta.request_uri]).toEqual([400, 400, '']);
    });

    it('a request target in absolute form is routed, and meta.request_uri is its path alone', async () => {
      const raw = await overSocket(tp, 'GET http://platform.example/open_api/nothing?page=1 HTTP/1.1\r\nHost: platform.example\r\nConnection: close\r\n\r\n');
      const answer = parseRawResponse(raw);
      expect([answer.status, answer.json.meta.code, answer.json.meta.request_uri]).toEqual([404, 404, '/open_api/nothing']);
    });
  });

  describe('an overlong path parameter is a key that does not exist, not Fastify\'s 414', () => {
    const long = (n: number) => 'a'.repeat(n);

    /** The long key gets exactly the answer of an unknown short one on the same route. */
    async function expectSameAsUnknown(method: string, longPath: string, shortPath: string, headers?: Record<string, string>, body?: string): Promise<EnvelopeBody> {
      const longAnswer = await sendPath(tp, method, longPath, { headers, body });
      const shortAnswer = await sendPath(tp, method, shortPath, { headers, body });
      const longEnvelope = envelope(longAnswer);
      const shortEnvelope = envelope(shortAnswer);
      expect(longAnswer.text).not.toContain('FST_ERR');
      expect(longEnvelope.meta.request_uri).toBe(longPath.split('?')[0]);
      const summary = (status: number, e: EnvelopeBody) => [status, e.meta.code, e.meta.msg, e.meta.error];
      expect(summary(longAnswer.status, longEnvelope)).toEqual(summary(shortAnswer.status, shortEnvelope));
      return longEnvelope;
    }

    it.each([101, 5_000])('files under /skin_api/file/ with a %i-character key are 404', async (n) => {
      const resource = await expectSameAsUnknown('GET', `/skin_api/file/resource/${long(n)}.jpg`, '/skin_api/file/resource/nope.jpg');
      expect([resource.meta.code, resource.meta.error]).toEqual([404, 'no such file']);
      const hexish = `0123456789abcdef0123456789abcdef-${long(n)}.png`;
      const output = await expectSameAsUnknown('GET', `/skin_api/file/output/${hexish}`, '/skin_api/file/output/0123456789abcdef0123456789abcdef-nope.png');
      expect(output.meta.code).toBe(404);
    });

    it('the demo pictures, the upload address and the shared links answer as for an unknown short key', async () => {
      expect((await expectSameAsUnknown('GET', `/demo/catalogue/${long(101)}.png`, '/demo/catalogue/nope.png')).meta.code).toBe(404);
      const upload = await expectSameAsUnknown('PUT', `/skin_api/file/upload/${long(101)}?expires=1&signature=x`, '/skin_api/file/upload/nope?expires=1&signature=x', { 'content-type': 'image/jpeg' }, 'xx');
      expect(upload.meta.code).not.toBe(0);
      for (const kind of ['files', 'reports']) {
        const shared = await expectSameAsUnknown('GET', `/shared/${kind}/${long(101)}?expires=1&signature=x`, `/shared/${kind}/nope?expires=1&signature=x`);
        expect(shared.meta.code).not.toBe(0);
      }
    });

    it('a status path value over 100 characters is 400 naming params.status, like any unknown status', async () => {
      const token = await tp.client(tp.app('primary')).accessToken();
      const headers = { 'content-type': 'application/json', 'access-token': token };
      const body = JSON.stringify({ custom_id_list: ['P-1'] });
      for (const path of ['/open_api/product/status/', '/open_api/treatment/status/']) {
        const answer = await expectSameAsUnknown('PATCH', `${path}${long(101)}`, `${path}7`, headers, body);
        expect(answer.meta.code).toBe(400);
        expect(answer.meta.error).toMatch(/^params\.status/);
      }
    });
  });

  describe('methods a path lacks', () => {
    it('OPTIONS on a known path is 405 with the envelope and an Allow header', async () => {
      for (const [path, allow] of [
        ['/open_api/merchant/stores', 'GET, HEAD, POST, PATCH'],
        ['/open_api/product/links', 'PATCH'],
        ['/open_api/common/access_token', 'GET'],
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
    });

    it('HEAD of a token endpoint is 405 and leaves the active token alone', async () => {
      const app = tp.app('primary');
      const tokenQuery = `?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`;
      const issued = await send(tp, 'GET', `/open_api/common/access_token${tokenQuery}`);
      const token = (envelope(issued).response as { access_token: string }).access_token;
      for (const path of ['/open_api/common/access_token', '/skin_api/common/access_token']) {
        const head = await send(tp, 'HEAD', `${path}${tokenQuery}`);
        expect([head.status, head.headers['allow'], head.text], path).toEqual([405, 'GET', '']);
      }
      const stores = await send(tp, 'GET', '/open_api/merchant/stores', { headers: { 'access-token': token } });
      expect(envelope(stores).meta.code).toBe(0);
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

  describe('text no store keeps as sent is 400 naming the field, on every kind of route (D-103)', () => {
    const UNSTORABLE = 'text must not hold U+0000 or an unpaired surrogate';

    async function expectRefused(answer: RawAnswer, field: string): Promise<void> {
      expect([answer.status, envelope(answer).meta.code, envelope(answer).meta.error]).toEqual([400, 400, `${field}: ${UNSTORABLE}`]);
      await stillServing();
    }

    async function storeHeaders(): Promise<Record<string, string>> {
      return { 'content-type': 'application/json', 'access-token': await tp.client(tp.app('primary')).accessToken() };
    }

    async function storeNames(headers: Record<string, string>): Promise<string[]> {
      const answer = await send(tp, 'GET', '/open_api/merchant/stores?count=100', { headers });
      return (envelope(answer).response['list'] as { name: string }[]).map((store) => store.name);
    }

    it('U+0000 or an unpaired surrogate in a body field, at any depth, is refused and nothing is stored', async () => {
      const headers = await storeHeaders();
      // On PostgreSQL U+0000 answered 500 (its text cannot hold it); SQLite stored it, and both
      // stores kept an unpaired surrogate as U+FFFD: the name read back was not the name sent.
      await expectRefused(await send(tp, 'POST', '/open_api/merchant/stores', { headers, body: JSON.stringify({ ...storeBody('NUL1'), name: 'Nul\u0000Store' }) }), 'body.name');
      await expectRefused(await send(tp, 'POST', '/open_api/merchant/stores', { headers, body: JSON.stringify(storeBody('SUR1')).replace('"Store SUR1"', '"Store \\ud800"') }), 'body.name');
      const product = { category_id: 1, name: 'Toner', custom_id: 'NULP1', pic: 'https://example.com/p.png', lang_data: { 'zh-Hans': { name: 'a\u0000' } } };
      await expectRefused(await send(tp, 'POST', '/open_api/merchant/products', { headers, body: JSON.stringify({ product_list: [product] }) }), 'body.product_list.0.lang_data.zh-Hans.name');
      expect((await storeNames(headers)).filter((name) => name.includes('\u0000') || name.includes('\ufffd'))).toEqual([]);
    });

    it('a surrogate pair (an emoji) is text like any other and is kept as sent', async () => {
      const headers = await storeHeaders();
      const answer = await send(tp, 'POST', '/open_api/merchant/stores', { headers, body: JSON.stringify({ ...storeBody('EMO1'), name: 'Store \u{1F600} EMO1' }) });
      expect(envelope(answer).meta.code).toBe(0);
      expect(await storeNames(headers)).toContain('Store \u{1F600} EMO1');
    });

    it('in a query: the result poll, a token endpoint (its rate limit counts first) and the signed pull', async () => {
      const headers = { 'access-token': await tp.client(tp.app('primary')).accessToken() };
      await expectRefused(await send(tp, 'GET', '/skin_api/analyze/result?task_id=%00abc', { headers }), 'query.task_id');
      await expectRefused(await send(tp, 'GET', '/open_api/common/access_token?app_id=a%00b&app_secret=x'), 'query.app_id');
      await expectRefused(await send(tp, 'GET', `/data/lists.json?app_id=a%00b&sig_time=1&begin=0&end=1&data_type=user&sig=${'0'.repeat(32)}`), 'query.app_id');
    });

    it('in a path parameter or a form field of the routes outside the endpoints: files and uploads', async () => {
      await expectRefused(await sendPath(tp, 'GET', '/skin_api/file/resource/%00abc.jpg'), 'params.key');
      await expectRefused(await sendPath(tp, 'PUT', '/skin_api/file/upload/%00abc?expires=1&signature=x', { headers: { 'content-type': 'image/jpeg' }, body: 'xx' }), 'params.key');
      const form = new FormData();
      form.append('key', 'a\u0000b');
      form.append('expires', '1');
      form.append('signature', 'x');
      form.append('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), 'a.jpg');
      const res = await fetch(`${tp.platform.url}/skin_api/file/upload`, { method: 'POST', body: form });
      await expectRefused({ status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? undefined }, text: await res.text() }, 'body.key');
    });

    it('who calls is still proven first: such a body with a wrong token is 1001', async () => {
      const answer = await send(tp, 'POST', '/open_api/merchant/stores', { headers: { 'content-type': 'application/json', 'access-token': 'wrong' }, body: JSON.stringify({ name: 'a\u0000' }) });
      expect(envelope(answer).meta.code).toBe(1001);
    });
  });
});

describe('platform core: a request arriving during shutdown', () => {
  it("is HTTP 503 with the envelope (meta.code 500) and Connection: close, not Fastify's bare 503", async () => {
    const tp = await startTestPlatform();
    const server = tp.platform.app.server;
    const { hostname, port } = new URL(tp.platform.url);
    const routed = new Promise((resolve) => server.once('request', resolve));
    const socket = connect(Number(port), hostname);
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    const ended = new Promise((resolve, reject) => {
      socket.on('close', resolve);
      socket.on('error', reject);
      socket.setTimeout(10_000, () => socket.destroy(new Error(`no close; got ${JSON.stringify(raw)}`)));
    });
    // A request whose body has not arrived keeps its connection busy, so closing does not drop it.
    socket.write('POST /open_api/merchant/stores HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await routed;
    const stopping = tp.stop();
    // The server stops listening only after the shutdown hooks ran: from then on requests are refused.
    while (server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    socket.write('{}GET /open_api/merchant/area HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await stopping;

    const second = raw.indexOf('HTTP/1.1', 1);
    expect(second).toBeGreaterThan(0);
    const first = parseRawResponse(raw.slice(0, second));
    expect(first.json.meta.code).toBe(1001);
    const refused = parseRawResponse(raw.slice(second));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.json.meta).toMatchObject({ code: 500, msg: 'system error', request_uri: '/open_api/merchant/area', error: 'the platform is shutting down; retry shortly' });
    expect(refused.json.meta.req_id).toMatch(/^[0-9a-f]{32}$/);
    expect(refused.json.response).toEqual({});
  });
});
