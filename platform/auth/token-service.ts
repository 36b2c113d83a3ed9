import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Codes } from '../../protocol/codes.ts';
import { TOKEN_TTL_SECONDS, type TokenResponse } from '../../protocol/token.ts';
import type { Clock } from '../clock.ts';
import { ApiError, tokenInvalid } from '../http/api-error.ts';
import type { AppLevel, TokenHolder, TokenRepository } from './token-repository.ts';
import { TtlCache } from '../ttl-cache.ts';

export type { AppLevel } from './token-repository.ts';

/** Who is calling, as proven by a valid access token. */
export interface AuthContext {
  readonly appId: string;
  readonly level: AppLevel;
  readonly groupId: number;
  /** Set for merchant-level apps only. */
  readonly merchantId: number | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function contextOf(row: TokenHolder): AuthContext {
  return { appId: row.app_id, level: row.level, groupId: row.group_id, merchantId: row.merchant_id };
}

function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A holder kept with the exact token it was found for (D-089): a kept request is proven by
 * comparing its token with this one in constant time, not by hashing it again (sha256 was the
 * platform's largest own cost on a kept poll). Never accepted by a part of the token: the whole
 * of it must be equal.
 */
interface KeptHolder {
  readonly token: Buffer;
  readonly holder: TokenHolder;
}

/**
 * Kept holders are found by a token's first characters (96 bits of its 240), and the rest is
 * compared in constant time: the map's own string comparison never sees the whole secret.
 */
const TOKEN_KEY_CHARS = 16;

function keyOf(token: string): string {
  return token.length <= TOKEN_KEY_CHARS ? token : token.slice(0, TOKEN_KEY_CHARS);
}

/**
 * How long a token found in the database is trusted without asking again (D-071): the longest a
 * token replaced through another node (one PostgreSQL server, several processes) still answers
 * here. One replaced through this process stops at once.
 */
export const TOKEN_CACHE_MS = 1000;
/** Tokens kept at most: one per app that called within the last second. */
const TOKEN_CACHE_SIZE = 10_000;

export interface TokenServiceOptions {
  /** TOKEN_CACHE_MS unless set; 0 reads the database on every request. */
  readonly cacheMs?: number;
}

/**
 * Access tokens (specification: Authentication 1 and 4): valid 7200 s, one active token per
 * app, so issuing a new one replaces the stored hash and the previous token fails with 1001.
 * Only the hash is stored, so a leaked database does not leak live tokens.
 */
export class TokenService {
  /** Holders by the token's first characters, each with its whole token; expiry is still checked on every request against the clock. */
  readonly #holders: TtlCache<string, KeptHolder>;

  constructor(
    private readonly tokens: TokenRepository,
    private readonly clock: Clock,
    options: TokenServiceOptions = {},
  ) {
    this.#holders = new TtlCache(options.cacheMs ?? TOKEN_CACHE_MS, TOKEN_CACHE_SIZE);
  }

  async issue(appId: string, appSecret: string): Promise<TokenResponse> {
    const app = await this.tokens.findApp(appId);
    // Decision D-006: unknown app or wrong secret is 44098 "check credential", not a hint which.
    if (!app || !secretsEqual(app.app_secret, appSecret)) throw new ApiError(Codes.MERCHANT_INVALID, 'app_id or app_secret is wrong, or the app was revoked');
    const token = randomBytes(30).toString('base64url');
    const issuedAt = this.clock.now();
    // No transaction around the check: apps are never removed, the replacement is one atomic
    // upsert (D-057), and the token of an app revoked meanwhile has no holder (D-129).
    await this.tokens.replaceToken(appId, hashToken(token), issuedAt, issuedAt + TOKEN_TTL_SECONDS * 1000);
    // The replaced token stops here now, not when its cache entry runs out.
    this.#holders.forget((_, kept) => kept.holder.app_id === appId);
    return { access_token: token, expire: TOKEN_TTL_SECONDS };
  }

  /** The caller behind a token, or 1001 when it is missing, replaced, expired or unknown. */
  async authenticate(token: string | undefined): Promise<AuthContext> {
    if (!token) throw tokenInvalid();
    const row = this.#kept(token) ?? (await this.#holders.load(keyOf(token), () => this.#find(token)))?.holder;
    if (!row || row.expires_at <= this.clock.now()) throw tokenInvalid();
    return contextOf(row);
  }

  /** The holder kept for exactly this token, if any. */
  #kept(token: string): TokenHolder | undefined {
    const kept = this.#holders.get(keyOf(token));
    if (kept === undefined) return undefined;
    const given = Buffer.from(token, 'utf8');
    return given.length === kept.token.length && timingSafeEqual(given, kept.token) ? kept.holder : undefined;
  }

  /** The database's holder of a token, found by its hash, with the token to keep it under. */
  async #find(token: string): Promise<KeptHolder | undefined> {
    const holder = await this.tokens.findHolder(hashToken(token));
    return holder === undefined ? undefined : { token: Buffer.from(token, 'utf8'), holder };
  }

  /**
   * The caller behind a token whose holder is kept (D-071), with no database read and no
   * promise: what `authenticate` answers for it now. Undefined whenever `authenticate` would
   * read the database or refuse the token, so the caller goes the whole way (D-084).
   */
  authenticateKept(token: string | undefined): AuthContext | undefined {
    if (!token) return undefined;
    const row = this.#kept(token);
    if (!row || row.expires_at <= this.clock.now()) return undefined;
    return contextOf(row);
  }
}
