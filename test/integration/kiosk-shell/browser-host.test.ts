import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../main/host/server.ts';
import { CALL_CONTENT_TYPE, decodeCall, encodeCall } from '../../../common/kiosk/call-codec.ts';
import { createHostClient } from '../../../renderer/api/host-client.ts';
import { KioskApiError } from '../../../common/kiosk/api-error.ts';
import { createTestApi, PINS } from '../../unit/kiosk-shell/helpers/test-api.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP request: the path goes out exactly as written and every header is ours to set. */
function raw(host: BrowserHost, options: { method?: string; path: string; headers?: Record<string, string>; body?: Uint8Array }): Promise<RawResponse> {
  const { port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), method: options.method ?? 'GET', path: options.path, headers: { Host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A Node stand-in for the page: memory "sessionStorage", and fetch adding the Origin header a browser adds. */
function pageClient(host: BrowserHost, keys: { launchSecret?: string; oneTimeKey?: string }) {
  const memory = new Map<string, string>();
  const storage = { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v), removeItem: (k: string) => void memory.delete(k) };
  const browserFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if ((init?.method ?? 'GET') !== 'GET') headers.set('Origin', host.origin);
    return fetch(input, { ...init, headers });
  };
  return { api: createHostClient({ baseUrl: host.origin, storage, fetch: browserFetch, ...keys }), memory };
}

describe('browser host', () => {
  const root = mkdtempSync(join(tmpdir(), 'kiosk-host-'));
  const dist = join(root, 'dist');
  const testApi = createTestApi();
  let host: BrowserHost;
  // The platform's origins as the kiosk's settings give them now (asked on every request).
  let platformOrigins = ['http://127.0.0.1:9'];

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="./assets/app.js"></script>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'export {}');
    writeFileSync(join(root, 'package.json'), '{"secret":"outside the build"}');
    host = await startBrowserHost({ api: testApi.api, rendererDir: dist, port: 0, csp: () => ({ imageOrigins: platformOrigins }) });
  });
  afterAll(() => host.close());

  it('listens on 127.0.0.1 and prints a launch URL with a 256-bit secret in the fragment', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.launchUrl).toBe(`${host.origin}/#k=${host.secret}`);
    expect(Buffer.from(host.secret, 'base64url')).toHaveLength(32);
  });

  it('serves the renderer with the CSP, hardening headers and MIME types', async () => {
    const page = await raw(host, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(csp).toContain('http://127.0.0.1:9');
    expect(csp).not.toMatch(/img-src [^;]*https:( |;|$)/);
    platformOrigins = ['https://skin.example.com'];
    const moved = String((await raw(host, { path: '/' })).headers['content-security-policy']);
    expect(moved).toMatch(/img-src 'self' data: blob: https:\/\/skin\.example\.com(;|$)/);
    platformOrigins = ['http://127.0.0.1:9'];
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const script = await raw(host, { path: '/assets/app.js' });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body.toString()).toBe('export {}');
    expect((await raw(host, { path: '/assets/none.js' })).status).toBe(404);
    expect((await raw(host, { method: 'POST', path: '/', headers: { Origin: host.origin } })).status).toBe(405);
  });

  it('refuses directory traversal', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/..%5cpackage.json']) {
      const response = await raw(host, { path });
      expect([400, 404], path).toContain(response.status);
      expect(response.body.toString()).not.toContain('outside the build');
    }
    // A path that starts like an authority stays a path of the build (the app page), never a file elsewhere.
    const authority = await raw(host, { path: '//etc/passwd' });
    expect(authority.body.toString()).not.toContain('root:');
    expect((await raw(host, { path: 'http://127.0.0.1/etc/passwd' })).status).toBe(400);
  });

  it('refuses a Host header other than its own (DNS rebinding), even for static files', async () => {
    const port = new URL(host.origin).port;
    for (const name of [`evil.example:${port}`, `localhost:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`]) {
      expect((await raw(host, { path: '/', headers: { Host: name } })).status, name).toBe(403);
      expect((await raw(host, { path: '/api/health', headers: { Host: name, 'X-Kiosk-Secret': host.secret } })).status).toBe(403);
    }
  });

  it('answers the API only with the secret: 401 without it or with a wrong one', async () => {
    expect((await raw(host, { path: '/api/health' })).status).toBe(401);
    expect((await raw(host, { path: '/api/health', headers: { 'X-Kiosk-Secret': 'x'.repeat(43) } })).status).toBe(401);
    const health = await raw(host, { path: '/api/health', headers: { 'X-Kiosk-Secret': host.secret } });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ ok: true, mode: 'browser' });
    expect((await raw(host, { method: 'POST', path: '/api/connect', headers: { Origin: host.origin } })).status).toBe(401);
    const call = await raw(host, { method: 'POST', path: '/api/call/getStatus', headers: { Origin: host.origin, 'Content-Type': CALL_CONTENT_TYPE }, body: encodeCall({}) });
    expect(call.status).toBe(401);
    const forged = await raw(host, { method: 'POST', path: '/api/call/getStatus', headers: { Origin: host.origin, 'Content-Type': CALL_CONTENT_TYPE, Authorization: `Bearer ${'A'.repeat(43)}` }, body: encodeCall({}) });
    expect(forged.status).toBe(401);
    expect(testApi.state.calls).toHaveLength(0);
  });

  it('refuses other origins and cross-site fetches even with the secret', async () => {
    const secret = { 'X-Kiosk-Secret': host.secret };
    expect((await raw(host, { method: 'POST', path: '/api/connect', headers: { ...secret, Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await raw(host, { method: 'POST', path: '/api/connect', headers: { ...secret, Origin: 'null' } })).status).toBe(403);
    expect((await raw(host, { method: 'POST', path: '/api/connect', headers: secret })).status).toBe(403);
    expect((await raw(host, { method: 'POST', path: '/api/connect', headers: { ...secret, Origin: host.origin, 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await raw(host, { path: '/api/health', headers: { ...secret, Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await raw(host, { method: 'OPTIONS', path: '/api/call/getStatus', headers: { Origin: 'http://evil.example' } })).status).toBe(403);
  });

  it('carries a call with a binary frame both ways through the renderer client', async () => {
    const { api } = pageClient(host, { launchSecret: host.secret });
    const jpeg = new Uint8Array(250_000).map((_, i) => (i * 13) & 0xff);
    const view = await api.submitFrame({ sessionId: 'ses_1', jpeg });
    expect(view.countdownMs).toBe(250_000);
    const received = testApi.state.calls.at(-1)?.input as { jpeg: Uint8Array };
    expect(Buffer.from(received.jpeg).equals(Buffer.from(jpeg))).toBe(true);
    const next = await api.nextSimulatedFrame({ sessionId: 'ses_1' });
    expect(next.jpeg).toBeInstanceOf(Uint8Array);
    expect(next.jpeg.byteLength).toBe(300_000);
    expect(next.jpeg[299_999]).toBe((299_999 * 7) & 0xff);
    expect(next.session.id).toBe('ses_1');
  });

  it('rejects failures with KioskApiError codes, and keeps PIN roles per connection', async () => {
    const first = pageClient(host, { launchSecret: host.secret }).api;
    const second = pageClient(host, { launchSecret: host.secret }).api;
    await expect(first.getSession({ sessionId: '' })).rejects.toMatchObject({ code: 'invalid_input', field: 'sessionId' });
    await expect(first.listSessions({})).rejects.toBeInstanceOf(KioskApiError);
    await expect(first.listSessions({})).rejects.toMatchObject({ code: 'forbidden' });
    expect(await first.verifyPin({ role: 'staff', pin: PINS.staff })).toEqual({ ok: true });
    expect(await first.listSessions({})).toEqual({ sessions: [], dailyCount: 0 });
    await expect(second.listSessions({})).rejects.toMatchObject({ code: 'forbidden' });
    // The screen locked itself: main forgets the role of that connection at once, not after idling.
    expect(await first.lock({})).toEqual({ ok: true });
    await expect(first.listSessions({})).rejects.toMatchObject({ code: 'forbidden' });
    // An unknown method cannot be written through the typed client: post it by hand.
    const connect = await raw(host, { method: 'POST', path: '/api/connect', headers: { Origin: host.origin, 'X-Kiosk-Secret': host.secret } });
    const { token } = JSON.parse(connect.body.toString()) as { token: string };
    const unknown = await raw(host, { method: 'POST', path: '/api/call/dropDatabase', headers: { Origin: host.origin, 'Content-Type': CALL_CONTENT_TYPE, Authorization: `Bearer ${token}` }, body: encodeCall({}) });
    expect(decodeCall(new Uint8Array(unknown.body))).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('spends a one-time launch key on its first connection', async () => {
    const url = host.oneTimeLaunchUrl();
    const key = new URLSearchParams(new URL(url).hash.slice(1)).get('o') ?? '';
    expect(key).not.toBe(host.secret);
    expect((await pageClient(host, { oneTimeKey: key }).api.getStatus({})).mode).toBe('browser');
    await expect(pageClient(host, { oneTimeKey: key }).api.getStatus({})).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('reconnects once with the stored secret when its connection token is refused', async () => {
    const page = pageClient(host, { launchSecret: host.secret });
    await page.api.getStatus({});
    page.memory.set('kiosk.connection', 'B'.repeat(43));
    expect((await page.api.getStatus({})).version).toBe('test');
    expect(page.memory.get('kiosk.connection')).not.toBe('B'.repeat(43));
  });

  it('refuses wrong content types, malformed bodies and oversized bodies', async () => {
    const small = await startBrowserHost({ api: testApi.api, rendererDir: dist, maxBodyBytes: 1024 });
    try {
      const connect = await raw(small, { method: 'POST', path: '/api/connect', headers: { Origin: small.origin, 'X-Kiosk-Secret': small.secret } });
      const { token } = JSON.parse(connect.body.toString()) as { token: string };
      const headers = { Origin: small.origin, Authorization: `Bearer ${token}`, 'Content-Type': CALL_CONTENT_TYPE };
      expect((await raw(small, { method: 'POST', path: '/api/call/getStatus', headers: { ...headers, 'Content-Type': 'application/json' }, body: Buffer.from('{}') })).status).toBe(415);
      expect((await raw(small, { method: 'POST', path: '/api/call/getStatus', headers, body: Buffer.from('{}') })).status).toBe(400);
      const big = encodeCall({ sessionId: 's', jpeg: new Uint8Array(4096) });
      expect((await raw(small, { method: 'POST', path: '/api/call/submitFrame', headers, body: big })).status).toBe(413);
    } finally {
      await small.close();
    }
  });
});
