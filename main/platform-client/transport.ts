import { gunzipSync } from 'node:zlib';
import { Agent, errors as undiciErrors, request } from 'undici';
import { PlatformProtocolError, PlatformUnreachableError } from './errors.ts';

/** undici's defaults wait 300 s for headers and body; a kiosk must give up far sooner. */
export interface Timeouts {
  connectMs: number;
  /** Time to the response headers. */
  headersMs: number;
  /** Longest pause between body chunks. */
  bodyMs: number;
  /** Deadline for the whole call. */
  totalMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000, totalMs: 30_000 };

export interface RawRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array;
  timeouts?: Partial<Timeouts>;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

/**
 * What the client accepts: gzip, which the platform sends for a finished task's poll (16.6 kB of
 * JSON in 1.3 kB; D-081) and any server may send for any answer.
 */
export const ACCEPT_ENCODING = 'gzip';

/** Larger decoded answers are refused: no answer of the specification comes near it. */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;

/**
 * The body as sent, decoded from its Content-Encoding: none (or identity) or gzip, the one the
 * client asks for. Throws on any other coding and on a body that does not decode.
 */
export function decodeBody(headers: Record<string, string | string[] | undefined>, body: Buffer): Buffer {
  const coding = String(headers['content-encoding'] ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return body;
  if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(body, { maxOutputLength: MAX_DECODED_BYTES });
  throw new Error(`content-encoding ${coding} was not asked for`);
}

/** One keep-alive connection pool per client, with explicit timeouts on every call. */
export class Transport {
  private readonly agent: Agent;
  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {
    this.agent = new Agent({ connect: { timeout: timeouts.connectMs }, keepAliveTimeout: 10_000 });
  }

  async send(label: string, req: RawRequest): Promise<RawResponse> {
    const t = { ...this.timeouts, ...req.timeouts };
    let res: RawResponse;
    try {
      const answer = await request(req.url, {
        dispatcher: this.agent,
        method: req.method as 'GET',
        headers: { 'accept-encoding': ACCEPT_ENCODING, ...req.headers },
        body: req.body,
        headersTimeout: t.headersMs,
        bodyTimeout: t.bodyMs,
        signal: AbortSignal.timeout(t.totalMs),
      });
      res = { status: answer.statusCode, headers: answer.headers, body: Buffer.from(await answer.body.arrayBuffer()) };
    } catch (error) {
      throw new PlatformUnreachableError(label, isTimeout(error) ? 'timeout' : 'network', { cause: error });
    }
    try {
      return { ...res, body: decodeBody(res.headers, res.body) };
    } catch (error) {
      throw new PlatformProtocolError(label, res.status, `body does not decode: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
