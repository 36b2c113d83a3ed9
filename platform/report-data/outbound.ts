import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../analysis/fetch-image.ts';

/** Why a call-out produced no answer. */
export class CallOutError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'blocked' | 'aborted',
    message: string,
  ) {
    super(message);
    this.name = 'CallOutError';
  }
}

export interface CallOutRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Deadline of the whole call: connection, headers and body. */
  timeoutMs: number;
  /** Bytes of the answer read at most; the rest is dropped and `truncated` set. */
  maxBodyBytes: number;
  /** The target may be on a private or loopback address. */
  allowPrivate: boolean;
  /** Aborts the call from outside (the platform stopping). */
  signal?: AbortSignal;
}

export interface CallOutAnswer {
  status: number;
  body: string;
  truncated: boolean;
}

/** True when `url`'s host:port is in the list (`host:port` or `host:*`). */
export function isListedHost(url: URL, list: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return list.includes(`${host}:${port}`) || list.includes(`${host}:*`);
}

/**
 * One HTTP call to a merchant's endpoint (webhook or CRM). Like the image downloads
 * (fetch-image.ts), the address is checked after DNS resolution and the connection goes to the
 * checked address, so a public name that resolves to a private address is refused unless the
 * caller allows it. No redirects are followed (undici's request follows none): a 3xx is an
 * answer like any other, which the caller treats as a failure.
 */
export async function callOut(req: CallOutRequest): Promise<CallOutAnswer> {
  let target: URL;
  try {
    target = new URL(req.url);
  } catch {
    throw new CallOutError('blocked', 'not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new CallOutError('blocked', 'only http and https addresses are called');
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!req.allowPrivate && isIP(literal) && isPrivateAddress(literal)) throw new CallOutError('blocked', 'private and loopback addresses are not called');
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { all: true }).then(
      (addresses) => {
        const chosen = addresses.find((a) => req.allowPrivate || !isPrivateAddress(a.address));
        if (!chosen) return callback(new CallOutError('blocked', `${hostname} resolves to a private address`), '', 0);
        if (options.all) return callback(null, [chosen]);
        return callback(null, chosen.address, chosen.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  const deadline = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([deadline, req.signal]) : deadline;
  // Loaded on the first call, not at start: undici is a large share of the platform's cold start (D-053).
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connect: { lookup: guardedLookup, timeout: req.timeoutMs } });
  try {
    const res = await request(target, { dispatcher: agent, method: req.method, headers: req.headers, body: req.body, signal });
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of res.body) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > req.maxBodyBytes) {
        chunks.push(buffer.subarray(0, req.maxBodyBytes - size));
        truncated = true;
        res.body.destroy();
        break;
      }
      size += buffer.length;
      chunks.push(buffer);
    }
    return { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), truncated };
  } catch (error) {
    if (error instanceof CallOutError) throw error;
    if (req.signal?.aborted) throw new CallOutError('aborted', 'the platform is stopping');
    if (deadline.aborted) throw new CallOutError('timeout', `no complete answer within ${req.timeoutMs} ms`);
    const cause = error instanceof Error ? (error.cause instanceof CallOutError ? error.cause : error) : null;
    if (cause instanceof CallOutError) throw cause;
    throw new CallOutError('network', cause?.message || 'the call failed');
  } finally {
    // The answer was read whole or abandoned: nothing on these sockets is worth waiting for.
    void agent.destroy().catch(() => undefined);
  }
}
