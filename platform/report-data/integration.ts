import type { IntegrationPatch, IntegrationSettings } from '../../protocol/device-sync/integration.ts';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { Db } from '../storage/database.ts';
import { isListedHost } from './outbound.ts';

interface IntegrationRow {
  merchant_id: number;
  webhook_url: string;
  webhook_enabled: 0 | 1;
  webhook_disabled_reason: string;
  consecutive_failures: number;
  crm_url: string;
  signing_app_id: string | null;
  updated_at: number;
}

/** Where this instance is reached: `publicUrl` for addresses handed out, `localUrl` to call itself. */
export interface InstanceUrls {
  publicUrl: string;
  localUrl: string;
}

/** Instance-relative callback URLs: only the demo merchant's, set by the seed or the CLI. */
export const DEMO_MERCHANT_PREFIX = '/demo_merchant/';

/** The demo merchant's CRM and webhook addresses, relative to the instance (seed, CLI). */
export function demoMerchantUrls(merchantId: number): { crm: string; webhook: string } {
  return { crm: `${DEMO_MERCHANT_PREFIX}${merchantId}/crm`, webhook: `${DEMO_MERCHANT_PREFIX}${merchantId}/webhook` };
}

/**
 * A merchant's integration settings (decision R-012): webhook and CRM addresses and the app
 * whose secret signs the calls to them (D-010).
 */
export class IntegrationService {
  private urls: InstanceUrls | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly allowedPrivateHosts: readonly string[],
  ) {}

  /** Set once the server listens. */
  setInstanceUrls(urls: InstanceUrls): void {
    this.urls = urls;
  }

  get instanceUrls(): InstanceUrls {
    if (!this.urls) throw new Error('report data not started');
    return this.urls;
  }

  settings(merchantId: number): IntegrationSettings {
    const row = this.row(merchantId);
    return {
      webhook_url: row?.webhook_url ?? '',
      webhook_enabled: row ? row.webhook_enabled === 1 : true,
      webhook_disabled_reason: row?.webhook_disabled_reason ?? '',
      crm_url: row?.crm_url ?? '',
      signing_app_id: row?.signing_app_id ?? '',
    };
  }

  /**
   * Saves the fields sent. The signing app is set explicitly, or defaults to the calling app
   * (the merchant's first app from the CLI) when none is set yet. A new webhook_url or
   * webhook_enabled: true re-enables the webhook.
   */
  update(merchantId: number, callerAppId: string | null, patch: IntegrationPatch): IntegrationSettings {
    this.db.transaction(() => {
      const current = this.row(merchantId);
      const signingAppId = patch.signing_app_id ?? current?.signing_app_id ?? callerAppId ?? this.oldestMerchantApp(merchantId);
      if (signingAppId !== null && !this.canSignFor(merchantId, signingAppId)) {
        throw new ApiError(DeviceSyncCodes.SIGNING_APP_INVALID, `signing_app_id: ${signingAppId}`);
      }
      const reEnable = patch.webhook_url !== undefined || patch.webhook_enabled === true;
      const enabled = patch.webhook_enabled ?? (reEnable ? true : current ? current.webhook_enabled === 1 : true);
      this.db
        .prepare(
          `INSERT INTO merchant_integrations (merchant_id, webhook_url, webhook_enabled, webhook_disabled_reason, consecutive_failures, crm_url, signing_app_id, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(merchant_id) DO UPDATE SET webhook_url = excluded.webhook_url, webhook_enabled = excluded.webhook_enabled,
             webhook_disabled_reason = excluded.webhook_disabled_reason, consecutive_failures = excluded.consecutive_failures,
             crm_url = excluded.crm_url, signing_app_id = excluded.signing_app_id, updated_at = excluded.updated_at`,
        )
        .run(
          merchantId,
          patch.webhook_url ?? current?.webhook_url ?? '',
          enabled ? 1 : 0,
          reEnable || !enabled ? '' : (current?.webhook_disabled_reason ?? ''),
          reEnable ? 0 : (current?.consecutive_failures ?? 0),
          patch.crm_url ?? current?.crm_url ?? '',
          signingAppId,
          this.clock.now(),
        );
    }).immediate();
    return this.settings(merchantId);
  }

  /** The app id and secret that sign calls to this merchant, when one is set and still valid. */
  signer(merchantId: number): { appId: string; secret: string } | undefined {
    const appId = this.row(merchantId)?.signing_app_id;
    if (!appId || !this.canSignFor(merchantId, appId)) return undefined;
    const app = this.db.prepare('SELECT app_secret FROM apps WHERE app_id = ?').get(appId) as { app_secret: string };
    return { appId, secret: app.app_secret };
  }

  /**
   * Where a configured URL is called, and whether a private address is acceptable there
   * the demo merchant's relative URLs are this instance itself; absolute URLs on a
   * private network only when the operator listed their host.
   */
  target(url: string): { url: string; allowPrivate: boolean } {
    if (url.startsWith(DEMO_MERCHANT_PREFIX)) return { url: `${this.instanceUrls.localUrl}${url}`, allowPrivate: true };
    let allowPrivate = false;
    try {
      allowPrivate = isListedHost(new URL(url), this.allowedPrivateHosts);
    } catch {
      allowPrivate = false;
    }
    return { url, allowPrivate };
  }

  /** The operator's CLI has no calling app: the merchant's own first app signs by default. */
  private oldestMerchantApp(merchantId: number): string | null {
    const row = this.db.prepare('SELECT app_id FROM apps WHERE merchant_id = ? ORDER BY created_at, app_id LIMIT 1').get(merchantId) as { app_id: string } | undefined;
    return row?.app_id ?? null;
  }

  /** Apps of the merchant itself, or group-level apps of its group. */
  private canSignFor(merchantId: number, appId: string): boolean {
    return (
      this.db
        .prepare(
          `SELECT 1 FROM apps a JOIN merchants m ON m.id = ?
           WHERE a.app_id = ? AND (a.merchant_id = m.id OR (a.level = 'group' AND a.group_id = m.group_id))`,
        )
        .get(merchantId, appId) !== undefined
    );
  }

  private row(merchantId: number): IntegrationRow | undefined {
    return this.db.prepare('SELECT * FROM merchant_integrations WHERE merchant_id = ?').get(merchantId) as IntegrationRow | undefined;
  }
}
