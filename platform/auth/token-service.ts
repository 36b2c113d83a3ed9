import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Codes } from '../../protocol/codes.ts';
import { TOKEN_TTL_SECONDS, type TokenResponse } from '../../protocol/token.ts';
import type { Clock } from '../clock.ts';
import { ApiError, tokenInvalid } from '../http/api-error.ts';
import type { Db } from '../storage/database.ts';

export type AppLevel = 'group' | 'merchant';

/** Who is calling, as proven by a valid access token. */
export interface AuthContext {
  readonly appId: string;
  readonly level: AppLevel;
  readonly groupId: number;
  /** Set for merchant-level apps only. */
  readonly merchantId: number | null;
}

interface AppRow {
  app_id: string;
  app_secret: string;
  level: AppLevel;
  group_id: number;
  merchant_id: number | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Access tokens (specification: Authentication 1 and 4): valid 7200 s, one active token per
 * app, so issuing a new one replaces the stored hash and the previous token fails with 1001.
 * Only the hash is stored, so a leaked database does not leak live tokens.
 */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  issue(appId: string, appSecret: string): TokenResponse {
    const app = this.db.prepare('SELECT app_id, app_secret, level, group_id, merchant_id FROM apps WHERE app_id = ?').get(appId) as AppRow | undefined;
    // Decision D-006: unknown app or wrong secret is 44098 "check credential", not a hint which.
    if (!app || !secretsEqual(app.app_secret, appSecret)) throw new ApiError(Codes.MERCHANT_INVALID, 'app_id or app_secret is wrong');
    const token = randomBytes(30).toString('base64url');
    const issuedAt = this.clock.now();
    this.db
      .prepare(
        `INSERT INTO tokens (app_id, token_hash, issued_at, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(app_id) DO UPDATE SET token_hash = excluded.token_hash, issued_at = excluded.issued_at, expires_at = excluded.expires_at`,
      )
      .run(appId, hashToken(token), issuedAt, issuedAt + TOKEN_TTL_SECONDS * 1000);
    return { access_token: token, expire: TOKEN_TTL_SECONDS };
  }

  /** The caller behind a token, or 1001 when it is missing, replaced, expired or unknown. */
  authenticate(token: string | undefined): AuthContext {
    if (!token) throw tokenInvalid();
    const row = this.db
      .prepare(
        `SELECT a.app_id, a.level, a.group_id, a.merchant_id, t.expires_at
           FROM tokens t JOIN apps a ON a.app_id = t.app_id WHERE t.token_hash = ?`,
      )
      .get(hashToken(token)) as (Omit<AppRow, 'app_secret'> & { expires_at: number }) | undefined;
    if (!row || row.expires_at <= this.clock.now()) throw tokenInvalid();
    return { appId: row.app_id, level: row.level, groupId: row.group_id, merchantId: row.merchant_id };
  }
}
