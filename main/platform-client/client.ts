import type { z } from 'zod';
import { Codes } from '../../protocol/codes.ts';
import { fillPath, type Endpoint } from '../../protocol/endpoint.ts';
import { metaSchema } from '../../protocol/envelope.ts';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import { otherRegion, type Region } from '../../protocol/regions.ts';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../../protocol/token.ts';
import { PlatformError, PlatformProtocolError } from './errors.ts';
import { TokenCache } from './token-cache.ts';
import { DEFAULT_TIMEOUTS, Transport, type Timeouts } from './transport.ts';

/** The base address of each region (specification: Regions and addresses). */
export type RegionAddresses = Readonly<Record<Region, string>>;

export interface PlatformClientOptions {
  addresses: RegionAddresses;
  region: Region;
  appId: string;
  appSecret: string;
  /** Sent as merchant-id on merchant-scoped calls; needed with a group-level app. */
  merchantId?: string;
  timeouts?: Partial<Timeouts>;
  now?: () => number;
  /** Told when a 44099 moved the client to the merchant's region, so the kiosk can keep it. */
  onRegionChange?: (region: Region) => void;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What one call sends: the parts its endpoint declares. */
export interface CallInput<E extends Endpoint> {
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  params?: Record<string, string | number>;
  /** Overrides the client's merchant id for this call. */
  merchantId?: string;
  timeouts?: Partial<Timeouts>;
  /**
   * Extra request headers the endpoint documents, e.g. Idempotency-Key of task creation (D-026).
   * Lower-case names; they never replace the token, merchant-id or content headers.
   */
  headers?: Readonly<Record<string, string>>;
}

export type CallOutput<E extends Endpoint> = z.output<E['response']>;

function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The kiosk's typed client of the platform. Every endpoint of the specification is reached
 * through `call` with its protocol/ definition. Token handling: cached, refreshed before expiry
 * with one shared refresh, and one retry with a fresh token after 1001. A 44099 moves the client
 * to the other region's base address and retries once.
 */
export class PlatformClient {
  private region: Region;
  private readonly transport: Transport;
  private readonly tokens: TokenCache;

  constructor(private readonly options: PlatformClientOptions) {
    this.region = options.region;
    this.transport = new Transport({ ...DEFAULT_TIMEOUTS, ...options.timeouts });
    this.tokens = new TokenCache(async () => {
      const issued = await this.call(tokenEndpoints.skinApiAccessToken, {
        query: { app_id: this.options.appId, app_secret: this.options.appSecret },
      });
      return { token: issued.access_token, expiresInSeconds: issued.expire };
    }, options.now);
  }

  get currentRegion(): Region {
    return this.region;
  }

  get baseUrl(): string {
    return this.options.addresses[this.region];
  }

  /** A fresh or cached access token, e.g. for an upload that does not go through `call`. */
  accessToken(): Promise<string> {
    return this.tokens.get();
  }

  async call<E extends Endpoint>(ep: E, input: CallInput<E> = {}): Promise<CallOutput<E>> {
    let retriedToken = false;
    let retriedRegion = false;
    for (;;) {
      const token = ep.auth === 'token' ? await this.tokens.get() : undefined;
      try {
        return await this.once(ep, input, token);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (error.code === Codes.TOKEN_INVALID.code && token && !retriedToken) {
          retriedToken = true;
          this.tokens.invalidate(token);
          continue;
        }
        if (error.code === Codes.REGION_MISMATCH.code && !retriedRegion) {
          retriedRegion = true;
          this.switchRegion(otherRegion(this.region));
          continue;
        }
        throw error;
      }
    }
  }

  switchRegion(region: Region): void {
    if (region === this.region) return;
    this.region = region;
    // A token belongs to the instance that issued it.
    this.tokens.clear();
    this.options.onRegionChange?.(region);
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async once<E extends Endpoint>(ep: E, input: CallInput<E>, token: string | undefined): Promise<CallOutput<E>> {
    const label = `${ep.method} ${ep.path}`;
    // Extras first, so the client's own headers always win over a same-named extra.
    const headers: Record<string, string> = { ...input.headers, accept: 'application/json' };
    if (token) headers[ACCESS_TOKEN_HEADER] = token;
    const merchantId = input.merchantId ?? this.options.merchantId;
    if (ep.merchantScoped && merchantId) headers[MERCHANT_ID_HEADER] = merchantId;
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const url = `${this.baseUrl}${fillPath(ep.path, input.params)}${queryString(input.query as object | undefined)}`;
    const res = await this.transport.send(label, { method: ep.method, url, headers, body, timeouts: input.timeouts });

    let json: unknown;
    try {
      json = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new PlatformProtocolError(label, res.status, 'body is not JSON');
    }
    const meta = metaSchema.safeParse((json as { meta?: unknown } | null)?.meta);
    if (meta.success && meta.data.code !== 0) {
      throw new PlatformError(label, meta.data, res.status, (json as { response?: unknown }).response);
    }
    if (res.status !== 200) throw new PlatformProtocolError(label, res.status, 'non-200 answer without an error envelope');
    const payload = ep.enveloped ? (meta.success ? (json as { response: unknown }).response : undefined) : json;
    if (ep.enveloped && !meta.success) throw new PlatformProtocolError(label, res.status, 'body is not a {meta, response} envelope');
    const parsed = ep.response.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PlatformProtocolError(label, res.status, `response.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data as CallOutput<E>;
  }
}
