import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { DRAIN_MAX_BYTES } from '../../platform/http/unread-body.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

/**
 * Answers that used to be no answer (D-039): a body over the limit refused while the client is
 * still sending it, and CONNECT. Real clients over real sockets: what matters is what reaches
 * a client that keeps writing, not what Fastify's inject sees.
 */

interface Exchange {
  /** Everything the server sent, as latin1. */
  received: string;
  /** Bytes of the body written before the client stopped. */
  written: number;
  /** The socket error the client met while writing, if any (EPIPE, ECONNRESET). */
  error: string | null;
}

/**
 * A client that sends its whole request before reading a byte of the answer, as many simple
 * HTTP clients do: it only sees the answer if the server lets it finish sending.
 */
function sendAllThenRead(base: string, head: string, bodyBytes: number, chunked: boolean): Promise<Exchange> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    socket.pause();
    let written = 0;
    let error: string | null = null;
    let received = '';
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    const finish = () => {
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.resume();
      setTimeout(() => {
        socket.destroy();
        resolve({ received, written, error });
      }, 500);
    };
    socket.write(`${head}${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bodyBytes}`}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      if (error !== null || socket.destroyed) return finish();
      if (written >= bodyBytes) {
        if (chunked) socket.write('0\r\n\r\n');
        return finish();
      }
      const n = Math.min(piece.length, bodyBytes - written);
      written += n;
      const data = piece.subarray(0, n);
      socket.write(chunked ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data, () => setImmediate(pump));
    };
    pump();
  });
}

function statusAndEnvelope(received: string): { status: number; meta: { code: number; error: string; request_uri: string } } {
  const split = received.indexOf('\r\n\r\n');
  expect(split, `an HTTP answer, got ${JSON.stringify(received.slice(0, 200))}`).toBeGreaterThan(0);
  const status = Number(received.slice(0, split).split(' ')[1]);
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(received.slice(0, split + 2))?.[1]);
  const body = JSON.parse(received.slice(split + 4, split + 4 + length)) as { meta: { code: number; error: string; request_uri: string } };
  return { status, meta: body.meta };
}

describe('platform core: answers a client gets while it is still sending', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ config: { maxUploadBytes: 1_000_000 } });
  });
  afterAll(() => tp.stop());

  for (const chunked of [false, true]) {
    it(`answers a JSON body over the limit with the envelope, not a reset (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const size = tp.platform.services.config.jsonBodyLimit + 2 * 1024 * 1024;
      const head = 'POST /open_api/merchant/stores HTTP/1.1\r\nHost: platform\r\nContent-Type: application/json\r\n';
      const exchange = await sendAllThenRead(tp.platform.url, head, size, chunked);
      expect(exchange.error).toBeNull();
      expect(exchange.written).toBe(size);
      const { status, meta } = statusAndEnvelope(exchange.received);
      expect([status, meta.code, meta.request_uri]).toEqual([400, 400, '/open_api/merchant/stores']);
      expect(meta.error).toMatch(/too large/i);
    });
  }

  it('keeps the connection after such an answer: the next request on it is served', async () => {
    const size = tp.platform.services.config.jsonBodyLimit + 1024;
    const head = 'POST /open_api/merchant/stores HTTP/1.1\r\nHost: platform\r\nContent-Type: application/json\r\n';
    const { hostname, port } = new URL(tp.platform.url);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let out = '';
      socket.on('data', (chunk: Buffer) => {
        out += chunk.toString('latin1');
        if ((out.match(/HTTP\/1\.1 /g) ?? []).length === 2 && out.endsWith('}')) {
          socket.destroy();
          resolve(out);
        }
      });
      socket.on('error', reject);
      socket.write(`${head}Content-Length: ${size}\r\n\r\n`);
      socket.write(Buffer.alloc(size, 'a'));
      socket.write('GET /nowhere HTTP/1.1\r\nHost: platform\r\n\r\n');
      setTimeout(() => reject(new Error(`no second answer; got ${JSON.stringify(out.slice(0, 300))}`)), 10_000).unref();
    });
    expect(received.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(received.slice(received.lastIndexOf('HTTP/1.1 ')).startsWith('HTTP/1.1 404 ')).toBe(true);
  });

  it('answers an upload over the size limit with 44105 to a node:http client that keeps writing', async () => {
    const client = tp.client(tp.app('primary'));
    const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'big.jpg' } });
    const url = new URL(policy.upload.url);
    const size = 6_000_000;
    const result = await new Promise<{ status: number; text: string; error: string | null }>((resolve) => {
      let error: string | null = null;
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: 'PUT', path: `${url.pathname}${url.search}`, agent: false, headers: { 'content-type': 'image/jpeg', 'content-length': size } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => setTimeout(() => resolve({ status: res.statusCode ?? 0, text, error }), 200));
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
        resolve({ status: 0, text: '', error });
      });
      const piece = Buffer.alloc(64 * 1024, 0xff);
      let written = 0;
      const pump = () => {
        while (written < size) {
          const n = Math.min(piece.length, size - written);
          written += n;
          if (!req.write(piece.subarray(0, n))) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(result.error).toBeNull();
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toMatchObject({ meta: { code: 44105 } });
  });

  it('stops reading a refused body past its bound, after answering', async () => {
    // Far more than the bound, so the client is still sending when the server looks.
    const size = 64 * DRAIN_MAX_BYTES;
    const head = 'POST /open_api/merchant/stores HTTP/1.1\r\nHost: platform\r\nContent-Type: application/json\r\n';
    const { hostname, port } = new URL(tp.platform.url);
    const outcome = await new Promise<{ received: string; written: number }>((resolve) => {
      const socket = connect(Number(port), hostname);
      let received = '';
      let written = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ received, written }));
      socket.write(`${head}Content-Length: ${size}\r\n\r\n`);
      const piece = Buffer.alloc(1024 * 1024, 'a');
      const pump = () => {
        if (socket.destroyed || written >= size) return;
        written += piece.length;
        socket.write(piece, () => setImmediate(pump));
      };
      pump();
    });
    expect(outcome.received.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(outcome.written).toBeGreaterThan(DRAIN_MAX_BYTES);
    expect(outcome.written).toBeLessThan(size);
  });

  it('answers CONNECT with the 400 envelope and closes, instead of dropping the socket', async () => {
    const { hostname, port } = new URL(tp.platform.url);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
      let out = '';
      socket.on('data', (chunk: Buffer) => (out += chunk.toString('latin1')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
      socket.setTimeout(10_000, () => socket.destroy(new Error('not closed')));
    });
    const { status, meta } = statusAndEnvelope(received);
    expect([status, meta.code, meta.request_uri]).toEqual([400, 400, '']);
    expect(meta.error).toMatch(/CONNECT/);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
  });
});
