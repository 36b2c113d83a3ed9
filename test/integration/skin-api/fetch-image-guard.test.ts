import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, ImageFetchError, type FetchLimits, type ImageFetchFailure } from '../../../platform/analysis/fetch-image.ts';
import { countingServer, type CountingServer } from './skin-api-fixtures.ts';

const IMAGE = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const limits = (overrides: Partial<FetchLimits> = {}): FetchLimits => ({ maxBytes: 256 * 1024, timeoutMs: 2000, allowedPrivateHosts: [], ...overrides });

async function failureOf(promise: Promise<unknown>): Promise<ImageFetchFailure> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ImageFetchError);
  return (error as ImageFetchError).failure;
}

describe('fetchImage refuses every spelling of a loopback or private address before connecting', () => {
  let image: CountingServer;
  beforeAll(async () => {
    image = await countingServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(IMAGE));
  });
  afterAll(() => image.close());

  const spellings = (p: number): string[] => [
    `http://127.0.0.1:${p}/a.jpg`,
    `http://2130706433:${p}/a.jpg`, // decimal
    `http://0x7f000001:${p}/a.jpg`, // hex
    `http://0x7f.1:${p}/a.jpg`, // hex, short form
    `http://017700000001:${p}/a.jpg`, // octal
    `http://0177.0.0.1:${p}/a.jpg`,
    `http://127.1:${p}/a.jpg`,
    `http://%31%32%37.0.0.1:${p}/a.jpg`, // percent-encoded
    `http://0.0.0.0:${p}/a.jpg`,
    `http://0:${p}/a.jpg`,
    `http://[::ffff:7f00:1]:${p}/a.jpg`,
    `http://[::ffff:127.0.0.1]:${p}/a.jpg`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${p}/a.jpg`,
    `http://[::1]:${p}/a.jpg`,
    `http://[::]:${p}/a.jpg`,
    `http://[::127.0.0.1]:${p}/a.jpg`, // IPv4-compatible
    `http://[64:ff9b::7f00:1]:${p}/a.jpg`, // NAT64
    `http://[2002:7f00:1::]:${p}/a.jpg`, // 6to4
    `http://localhost:${p}/a.jpg`, // a name that resolves to loopback
    `http://LocalHost:${p}/a.jpg`,
    `https://localhost:${p}/a.jpg`,
  ];

  it('refuses each one and the server receives no connection at all', async () => {
    for (const url of spellings(image.port)) expect(await failureOf(fetchImage(url, limits())), url).toBe('blocked');
    expect(image.connections).toBe(0);
    expect(image.requests).toBe(0);
  });

  it('the same addresses do reach the server when their host:port is allowed (so the refusal above is the guard)', async () => {
    for (const url of [`http://127.0.0.1:${image.port}/a.jpg`, `http://2130706433:${image.port}/a.jpg`, `http://[::1]:${image.port}/a.jpg`, `http://[::ffff:7f00:1]:${image.port}/a.jpg`, `http://localhost:${image.port}/a.jpg`]) {
      const host = new URL(url).host;
      const before = image.requests;
      expect(Buffer.from(await fetchImage(url, limits({ allowedPrivateHosts: [host] }))).equals(IMAGE), url).toBe(true);
      expect(image.requests).toBe(before + 1);
    }
  });

  it('refuses private, shared, reserved and documentation ranges', async () => {
    // Unroutable here, so a refusal must be the guard's ('blocked'), not a failed connection.
    for (const host of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254', '198.18.0.1', '192.0.0.8', '192.0.2.1', '198.51.100.1', '203.0.113.1', '240.0.0.1', '255.255.255.255', '224.0.0.1', '[fd00::1]', '[fe80::1]', '[fec0::1]', '[100::1]', '[2001:db8::1]', '[2001::1]', '[ff02::1]']) {
      expect(await failureOf(fetchImage(`http://${host}/a.jpg`, limits())), host).toBe('blocked');
    }
  });
});

describe('fetchImage allowedPrivateHosts', () => {
  let allowed: CountingServer;
  let other: CountingServer;
  beforeAll(async () => {
    allowed = await countingServer((_req, res) => res.writeHead(200).end(IMAGE));
    other = await countingServer((_req, res) => res.writeHead(200).end(IMAGE));
  });
  afterAll(async () => {
    await allowed.close();
    await other.close();
  });

  it('exempts exactly its host:port: not another port, not another spelling of the host', async () => {
    const only = limits({ allowedPrivateHosts: [`127.0.0.1:${allowed.port}`] });
    expect(Buffer.from(await fetchImage(`http://127.0.0.1:${allowed.port}/a.jpg`, only)).equals(IMAGE)).toBe(true);
    expect(allowed.requests).toBe(1);
    expect(await failureOf(fetchImage(`http://127.0.0.1:${other.port}/a.jpg`, only))).toBe('blocked');
    expect(await failureOf(fetchImage(`http://localhost:${allowed.port}/a.jpg`, only))).toBe('blocked');
    expect(await failureOf(fetchImage(`http://[::1]:${allowed.port}/a.jpg`, only))).toBe('blocked');
    expect(await failureOf(fetchImage(`http://[::ffff:7f00:1]:${allowed.port}/a.jpg`, only))).toBe('blocked');
    expect(other.connections).toBe(0);
    expect(allowed.requests).toBe(1);
  });
});

describe('fetchImage limits', () => {
  const servers: CountingServer[] = [];
  const serve = async (handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<CountingServer> => {
    const s = await countingServer(handler);
    servers.push(s);
    return s;
  };
  const allow = (...s: CountingServer[]) => limits({ allowedPrivateHosts: s.map((x) => `127.0.0.1:${x.port}`) });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('does not follow a redirect and fails on it', async () => {
    const target = await serve((_req, res) => res.writeHead(200).end(IMAGE));
    const redirecting = await serve((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${target.port}/a.jpg` }).end());
    expect(await failureOf(fetchImage(`http://127.0.0.1:${redirecting.port}/a.jpg`, allow(redirecting, target)))).toBe('status');
    expect(redirecting.requests).toBe(1);
    expect(target.connections).toBe(0);
  });

  it('fails on any other status than 200', async () => {
    const missing = await serve((_req, res) => res.writeHead(404).end('no'));
    expect(await failureOf(fetchImage(`http://127.0.0.1:${missing.port}/a.jpg`, allow(missing)))).toBe('status');
  });

  it('refuses a declared Content-Length over the limit without waiting for the body', async () => {
    // The body never comes: reading it would end in the time limit, not in 'too_large'.
    const big = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(256 * 1024 + 1) });
      res.write(IMAGE);
    });
    const error = await fetchImage(`http://127.0.0.1:${big.port}/a.jpg`, allow(big)).then(() => null, (e: unknown) => e as ImageFetchError);
    expect(error?.failure).toBe('too_large');
    expect(error?.message).toMatch(/declared/);
  });

  it('stops a chunked body without a length as soon as it passes the limit', async () => {
    const offered = 512 * 1024 * 1024;
    let written = 0;
    let closed = false;
    const endless = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 0xab);
      res.on('close', () => (closed = true));
      const pump = (): void => {
        while (!closed && written < offered) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const error = await fetchImage(`http://127.0.0.1:${endless.port}/a.jpg`, allow(endless)).then(() => null, (e: unknown) => e as ImageFetchError);
    expect(error?.failure).toBe('too_large');
    await expect.poll(() => closed).toBe(true);
    // What the server got rid of before the connection closed: the limit plus socket buffers.
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('gives up on a server that stalls before its headers', async () => {
    const stalling = await serve(() => undefined);
    expect(await failureOf(fetchImage(`http://127.0.0.1:${stalling.port}/a.jpg`, { ...allow(stalling), timeoutMs: 300 }))).toBe('timeout');
  });

  it('gives up on a server that stalls in the middle of the body', async () => {
    const stalling = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(IMAGE.length * 2) });
      res.write(IMAGE);
    });
    expect(await failureOf(fetchImage(`http://127.0.0.1:${stalling.port}/a.jpg`, { ...allow(stalling), timeoutMs: 300 }))).toBe('timeout');
  });

  it('refuses every scheme but http and https, and what is not a URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.jpg', 'data:image/jpeg;base64,/9j/', 'javascript:alert(1)', 'gopher://example.com/', 'ws://example.com/a.jpg']) {
      expect(await failureOf(fetchImage(url, limits())), url).toBe('scheme');
    }
    expect(await failureOf(fetchImage('not a url', limits()))).toBe('invalid_url');
  });
});
