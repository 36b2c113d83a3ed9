import { Agent, errors as undiciErrors, request } from 'undici';
import { PlatformUnreachableError } from './errors.ts';

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

/** One keep-alive connection pool per client, with explicit timeouts on every call. */
export class Transport {
  private readonly agent: Agent;
  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {
    this.agent = new Agent({ connect: { timeout: timeouts.connectMs }, keepAliveTimeout: 10_000 });
  }

  async send(label: string, req: RawRequest): Promise<RawResponse> {
    const t = { ...this.timeouts, ...req.timeouts };
    try {
      const res = await request(req.url, {
        dispatcher: this.agent,
        method: req.method as 'GET',
        headers: req.headers,
        body: req.body,
        headersTimeout: t.headersMs,
        bodyTimeout: t.bodyMs,
        signal: AbortSignal.timeout(t.totalMs),
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      return { status: res.statusCode, headers: res.headers, body };
    } catch (error) {
      throw new PlatformUnreachableError(label, isTimeout(error) ? 'timeout' : 'network', { cause: error });
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
