import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { classifyAddress } from './address-class.ts';

export { isPrivateAddress } from './address-class.ts';

/** Why a download failed: refused before any connection (scheme, blocked) or while it ran. */
export type ImageFetchFailure = 'invalid_url' | 'scheme' | 'blocked' | 'status' | 'too_large' | 'timeout' | 'network';

export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly failure: ImageFetchFailure = 'network',
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /**
   * host:port pairs allowed even on private addresses (a merchant's internal image host), as the
   * URL parser writes them: `10.0.0.5:8080`, `[fd00::5]:80`, `images.internal:443`.
   */
  allowedPrivateHosts: readonly string[];
}

/** Drops a body not to be read; its destroy emits an AbortError that must not go uncaught. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * Downloads an image from an http(s) URL for the detection endpoints and tasks (D-027, D-029).
 * An IP literal is classified before any connection; a name is resolved and every address it
 * resolves to is classified, and the connection goes to the checked address, so a name that
 * resolves (or re-resolves) to a private address is refused. No redirects; the time limit covers
 * connection, headers and body; the size limit stops the download as soon as it is passed.
 */
export async function fetchImage(url: string, limits: FetchLimits): Promise<Uint8Array> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ImageFetchError('not a URL', 'invalid_url');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new ImageFetchError('only http and https addresses are fetched', 'scheme');
  const hostPort = `${target.hostname}:${target.port || (target.protocol === 'https:' ? '443' : '80')}`;
  const allowPrivate = limits.allowedPrivateHosts.includes(hostPort);
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) && !allowPrivate) {
    const verdict = classifyAddress(literal);
    if (!verdict.global) throw new ImageFetchError(`${literal} is not a public address (${verdict.range})`, 'blocked');
  }

  // The lookup's refusal, kept because undici may wrap the error it is handed.
  const refused: { error?: ImageFetchError } = {};
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { all: true }).then(
      (addresses) => {
        const chosen = addresses.find((a) => allowPrivate || classifyAddress(a.address).global);
        if (!chosen) {
          const names = addresses.map((a) => a.address).join(', ') || 'no address';
          refused.error = new ImageFetchError(`${hostname} resolves to no public address (${names})`, 'blocked');
          return callback(refused.error, '', 0);
        }
        if (options.all) return callback(null, [chosen]);
        return callback(null, chosen.address, chosen.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  // Loaded on the first call, not at start: undici is a large share of the platform's cold start (D-053).
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connect: { lookup: guardedLookup, timeout: limits.timeoutMs } });
  try {
    // undici 7 follows no redirects unless asked to; a 3xx is an error like any other non-200.
    const res = await request(target, { dispatcher: agent, signal: AbortSignal.timeout(limits.timeoutMs) });
    if (res.statusCode !== 200) {
      discard(res.body);
      throw new ImageFetchError(`HTTP ${res.statusCode}${res.statusCode >= 300 && res.statusCode < 400 ? ' (redirects are not followed)' : ''}`, 'status');
    }
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (declared > limits.maxBytes) {
      discard(res.body);
      throw new ImageFetchError(`declared ${declared} bytes, larger than ${limits.maxBytes}`, 'too_large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        discard(res.body);
        throw new ImageFetchError(`larger than ${limits.maxBytes} bytes`, 'too_large');
      }
      chunks.push(chunk as Buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    if (refused.error) throw refused.error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'ConnectTimeoutError')) {
      throw new ImageFetchError(`no complete answer within ${limits.timeoutMs} ms`, 'timeout');
    }
    throw new ImageFetchError(error instanceof Error ? error.message : 'download failed', 'network');
  } finally {
    await agent.destroy();
  }
}
