import { createServer as createHttpServer, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { errors as undiciErrors } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import type { Timeouts } from '../../../main/platform-client/transport.ts';
import { tokenEndpoints } from '../../../protocol/endpoints/token.ts';

/**
 * The client's explicit timeouts (D-009): undici would wait 300 s; the kiosk gives up at the
 * configured limit and reports PlatformUnreachableError('timeout'), so the sync engine retries
 * later. Each case runs a real loopback server that misbehaves one way, with one small limit and
 * the others large, and checks the cause names the limit that fired.
 */

const LONG = 20_000;
// How late a timeout may fire: undici checks its header and body timers on a ~1 s tick (its fast
// timers), and the machine may be loaded. Still far below LONG and undici's 300 s.
const SLACK_MS = 4_000;

const servers: Array<NetServer | HttpServer> = [];
const sockets = new Set<Socket>();
const clients: PlatformClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function listen(server: NetServer | HttpServer): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

function clientOf(url: string, timeouts: Partial<Timeouts>): PlatformClient {
  const client = new PlatformClient({ addresses: { cn: url, overseas: url }, region: 'overseas', appId: 'app', appSecret: 'secret', timeouts });
  clients.push(client);
  return client;
}

/** Calls the token endpoint and returns the error and how long the call took. */
async function failingCall(client: PlatformClient, timeouts?: Partial<Timeouts>): Promise<{ error: PlatformUnreachableError; ms: number }> {
  const started = performance.now();
  const error = await client.call(tokenEndpoints.skinApiAccessToken, { query: { app_id: 'app', app_secret: 'secret' }, timeouts }).then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(PlatformUnreachableError);
  return { error: error as PlatformUnreachableError, ms };
}

/** Sends the status line, headers and the start of a JSON body, then nothing more. */
function stallMidBody(_req: unknown, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
  res.write('{"meta":{"code":0,');
}

describe('platform client timeouts (D-009)', () => {
  it('gives up on a server that accepts the connection and never answers, at headersMs', async () => {
    const url = await listen(createNetServer(() => undefined));
    const { error, ms } = await failingCall(clientOf(url, { connectMs: LONG, headersMs: 300, bodyMs: LONG, totalMs: LONG }));
    expect(error.reason).toBe('timeout');
    expect(error.cause).toBeInstanceOf(undiciErrors.HeadersTimeoutError);
    expect(error.endpoint).toBe('GET /skin_api/common/access_token');
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(300 + SLACK_MS);
  });

  it('gives up on a server that stalls mid-body, at bodyMs', async () => {
    const url = await listen(createHttpServer(stallMidBody));
    const { error, ms } = await failingCall(clientOf(url, { connectMs: LONG, headersMs: LONG, bodyMs: 300, totalMs: LONG }));
    expect(error.reason).toBe('timeout');
    expect(error.cause).toBeInstanceOf(undiciErrors.BodyTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(300 + SLACK_MS);
  });

  it('gives up at totalMs on a server that trickles its body without ever pausing long', async () => {
    const url = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      }),
    );
    const { error, ms } = await failingCall(clientOf(url, { connectMs: LONG, headersMs: LONG, bodyMs: LONG, totalMs: 600 }));
    expect(error.reason).toBe('timeout');
    expect((error.cause as Error).name).toBe('TimeoutError');
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(600 + SLACK_MS);
  });

  it('applies a per-call override over the client default', async () => {
    const url = await listen(createNetServer(() => undefined));
    const client = clientOf(url, { connectMs: LONG, headersMs: LONG, bodyMs: LONG, totalMs: LONG });
    const { error, ms } = await failingCall(client, { headersMs: 300 });
    expect(error.reason).toBe('timeout');
    expect(ms).toBeLessThan(300 + SLACK_MS);
  });

  it('reports a refused connection as network, not timeout, at once', async () => {
    const server = createNetServer();
    const url = await listen(server);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    servers.splice(servers.indexOf(server), 1);
    const { error, ms } = await failingCall(clientOf(url, { connectMs: LONG, headersMs: LONG, bodyMs: LONG, totalMs: LONG }));
    expect(error.reason).toBe('network');
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('keeps working after a timeout: the next call to a healthy server succeeds', async () => {
    let stall = true;
    const url = await listen(
      createHttpServer((req, res) => {
        if (stall) return stallMidBody(req, res);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ meta: { code: 0, msg: 'success', error: '', request_uri: '/skin_api/common/access_token' }, response: { access_token: 'tok', expire: 7200 } }));
      }),
    );
    const client = clientOf(url, { connectMs: LONG, headersMs: LONG, bodyMs: 300, totalMs: LONG });
    expect((await failingCall(client)).error.reason).toBe('timeout');
    stall = false;
    expect(await client.call(tokenEndpoints.skinApiAccessToken, { query: { app_id: 'app', app_secret: 'secret' } })).toEqual({ access_token: 'tok', expire: 7200 });
  });
});
