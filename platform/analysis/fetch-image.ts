import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import type { LookupFunction } from 'node:net';

export class ImageFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

/** Loopback, private, link-local, unique-local, carrier-grade NAT, multicast and reserved ranges. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const v6 = address.toLowerCase();
  if (v6 === '::1' || v6 === '::') return true;
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(v6);
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** host:port pairs allowed even on private addresses (a merchant's internal image host). */
  allowedPrivateHosts: readonly string[];
}

/**
 * Downloads an image from an http(s) URL for the detection endpoints and tasks. The address
 * is checked after DNS resolution and the connection goes to the checked address, so a name
 * that resolves to a private address (or re-resolves to one) is refused. No redirects.
 */
export async function fetchImage(url: string, limits: FetchLimits): Promise<Uint8Array> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ImageFetchError('not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new ImageFetchError('only http and https addresses are fetched');
  const hostPort = `${target.hostname}:${target.port || (target.protocol === 'https:' ? '443' : '80')}`;
  const allowPrivate = limits.allowedPrivateHosts.includes(hostPort);
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { all: true }).then(
      (addresses) => {
        const usable = addresses.filter((a) => allowPrivate || !isPrivateAddress(a.address));
        const chosen = usable[0];
        if (!chosen) return callback(new ImageFetchError(`${hostname} resolves to a private address`), '', 0);
        if (options.all) return callback(null, [chosen]);
        return callback(null, chosen.address, chosen.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  if (isIP(target.hostname.replace(/^\[|\]$/g, '')) && !allowPrivate && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, ''))) {
    throw new ImageFetchError('private and loopback addresses are not fetched');
  }
  const agent = new Agent({ connect: { lookup: guardedLookup, timeout: limits.timeoutMs } });
  try {
    // undici 7 follows no redirects unless asked to.
    const res = await request(target, { dispatcher: agent, signal: AbortSignal.timeout(limits.timeoutMs) });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new ImageFetchError(`HTTP ${res.statusCode}`);
    }
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (declared > limits.maxBytes) {
      await res.body.dump();
      throw new ImageFetchError(`larger than ${limits.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        res.body.destroy();
        throw new ImageFetchError(`larger than ${limits.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    throw new ImageFetchError(error instanceof Error ? error.message : 'download failed');
  } finally {
    await agent.close();
  }
}
