import type { Region } from '../../protocol/regions.ts';
import type { SqlExecutor } from '../storage/sql.ts';

export interface IntegrationRow {
  merchant_id: number;
  webhook_url: string;
  webhook_enabled: 0 | 1;
  webhook_disabled_reason: string;
  consecutive_failures: number;
  crm_url: string;
  signing_app_id: string | null;
  updated_at: number;
}

export interface PullAppRow {
  app_id: string;
  app_secret: string;
  level: 'group' | 'merchant';
  group_id: number;
  merchant_id: number | null;
}

/**
 * SQL of a merchant's integration settings and of the apps report data reads: the app
 * that signs calls to a merchant (D-010) and the app and merchants of a pull.
 */
export class IntegrationRepository {
  /** `db`: the database, or the transaction of a caller that writes (the seed). */
  constructor(private readonly db: SqlExecutor) {}

  settings(merchantId: number, on: SqlExecutor = this.db): Promise<IntegrationRow | undefined> {
    return on.one<IntegrationRow>('SELECT * FROM merchant_integrations WHERE merchant_id = ?', [merchantId]);
  }

  async save(tx: SqlExecutor, row: IntegrationRow): Promise<void> {
    await tx.run(
      `INSERT INTO merchant_integrations (merchant_id, webhook_url, webhook_enabled, webhook_disabled_reason, consecutive_failures, crm_url, signing_app_id, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id) DO UPDATE SET webhook_url = excluded.webhook_url, webhook_enabled = excluded.webhook_enabled,
         webhook_disabled_reason = excluded.webhook_disabled_reason, consecutive_failures = excluded.consecutive_failures,
         crm_url = excluded.crm_url, signing_app_id = excluded.signing_app_id, updated_at = excluded.updated_at`,
      [row.merchant_id, row.webhook_url, row.webhook_enabled, row.webhook_disabled_reason, row.consecutive_failures, row.crm_url, row.signing_app_id, row.updated_at],
    );
  }

  /** The demo merchant's settings as the seed writes them into an empty database. */
  async seed(tx: SqlExecutor, row: { merchantId: number; webhookUrl: string; crmUrl: string; signingAppId: string; now: number }): Promise<void> {
    await tx.run('INSERT INTO merchant_integrations (merchant_id, webhook_url, crm_url, signing_app_id, updated_at) VALUES (?, ?, ?, ?, ?)', [
      row.merchantId, row.webhookUrl, row.crmUrl, row.signingAppId, row.now,
    ]);
  }

  /** The operator's CLI has no calling app: the merchant's own first app signs by default. */
  async oldestMerchantApp(merchantId: number, on: SqlExecutor = this.db): Promise<string | null> {
    const row = await on.one<{ app_id: string }>('SELECT app_id FROM apps WHERE merchant_id = ? AND revoked_at IS NULL ORDER BY created_at, app_id LIMIT 1', [merchantId]);
    return row?.app_id ?? null;
  }

  /** Apps of the merchant itself, or group-level apps of its group. */
  async canSignFor(merchantId: number, appId: string, on: SqlExecutor = this.db): Promise<boolean> {
    const row = await on.one(
      `SELECT 1 AS found FROM apps a JOIN merchants m ON m.id = ?
       WHERE a.app_id = ? AND a.revoked_at IS NULL AND (a.merchant_id = m.id OR (a.level = 'group' AND a.group_id = m.group_id))`,
      [merchantId, appId],
    );
    return row !== undefined;
  }

  async appSecret(appId: string): Promise<string | undefined> {
    return (await this.db.one<{ app_secret: string }>('SELECT app_secret FROM apps WHERE app_id = ? AND revoked_at IS NULL', [appId]))?.app_secret;
  }

  /** The demo seed's merchant and its merchant-level app, by the merchant's name. */
  demoMerchantApp(tx: SqlExecutor, merchantName: string): Promise<{ id: number; app_id: string } | undefined> {
    return tx.one<{ id: number; app_id: string }>("SELECT m.id, a.app_id FROM merchants m JOIN apps a ON a.merchant_id = m.id AND a.level = 'merchant' WHERE m.name = ? ORDER BY a.app_id", [merchantName]);
  }

  pullApp(appId: string): Promise<PullAppRow | undefined> {
    return this.db.one<PullAppRow>('SELECT app_id, app_secret, level, group_id, merchant_id FROM apps WHERE app_id = ? AND revoked_at IS NULL', [appId]);
  }

  /** The merchants an app reads: its own, or its group's. */
  merchantsOf(app: PullAppRow): Promise<{ id: number; region: Region }[]> {
    return app.level === 'merchant'
      ? this.db.all<{ id: number; region: Region }>('SELECT id, region FROM merchants WHERE id = ? ORDER BY id', [app.merchant_id])
      : this.db.all<{ id: number; region: Region }>('SELECT id, region FROM merchants WHERE group_id = ? ORDER BY id', [app.group_id]);
  }
}
