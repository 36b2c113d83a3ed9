import type { SqlExecutor } from '../storage/sql.ts';

export type AppLevel = 'group' | 'merchant';

/** An integration's credential (table apps, migration 001). */
export interface AppRow {
  app_id: string;
  app_secret: string;
  level: AppLevel;
  group_id: number;
  merchant_id: number | null;
}

export interface NewApp extends AppRow {
  name: string;
  created_at: number;
}

/** The app a stored token belongs to, with the token's expiry. */
export interface TokenHolder {
  app_id: string;
  level: AppLevel;
  group_id: number;
  merchant_id: number | null;
  expires_at: number;
}

/**
 * Apps and their access tokens (tables apps and tokens). One row per app in tokens: its
 * primary key is the app, so "one active token per app" is the schema's, not a check's.
 */
export class TokenRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The app, unless an operator revoked it (D-129). */
  findApp(appId: string): Promise<AppRow | undefined> {
    return this.db.one<AppRow>('SELECT app_id, app_secret, level, group_id, merchant_id FROM apps WHERE app_id = ? AND revoked_at IS NULL', [appId]);
  }

  async insertApp(app: NewApp): Promise<void> {
    await this.db.run('INSERT INTO apps (app_id, app_secret, level, group_id, merchant_id, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      app.app_id, app.app_secret, app.level, app.group_id, app.merchant_id, app.name, app.created_at,
    ]);
  }

  /**
   * Stores the app's token, replacing the one it had, in one statement: concurrent issues for
   * one app (other connections, other processes) queue on its row, and the last to commit is
   * the one token that remains.
   */
  async replaceToken(appId: string, tokenHash: string, issuedAt: number, expiresAt: number): Promise<void> {
    await this.db.run(
      `INSERT INTO tokens (app_id, token_hash, issued_at, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (app_id) DO UPDATE SET token_hash = excluded.token_hash, issued_at = excluded.issued_at, expires_at = excluded.expires_at`,
      [appId, tokenHash, issuedAt, expiresAt],
    );
  }

  /**
   * One lookup on the unique index of token_hash, joined to the app on its primary key. A revoked
   * app's token is refused here too: a token issued while the app was being revoked has no holder.
   */
  findHolder(tokenHash: string): Promise<TokenHolder | undefined> {
    return this.db.one<TokenHolder>(
      `SELECT a.app_id, a.level, a.group_id, a.merchant_id, t.expires_at
         FROM tokens t JOIN apps a ON a.app_id = t.app_id WHERE t.token_hash = ? AND a.revoked_at IS NULL`,
      [tokenHash],
    );
  }
}
