import type { IntegrationPatch, IntegrationSettings } from '../../protocol/device-sync/integration.ts';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { IntegrationRepository } from './integration-repository.ts';
import { isListedHost } from './outbound.ts';

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
  private readonly repository: IntegrationRepository;

  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Clock,
    private readonly allowedPrivateHosts: readonly string[],
  ) {
    this.repository = new IntegrationRepository(db);
  }

  /** Set once the server listens. */
  setInstanceUrls(urls: InstanceUrls): void {
    this.urls = urls;
  }

  get instanceUrls(): InstanceUrls {
    if (!this.urls) throw new Error('report data not started');
    return this.urls;
  }

  async settings(merchantId: number): Promise<IntegrationSettings> {
    const row = await this.repository.settings(merchantId);
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
  async update(merchantId: number, callerAppId: string | null, patch: IntegrationPatch): Promise<IntegrationSettings> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const current = await this.repository.settings(merchantId, tx);
      const signingAppId = patch.signing_app_id ?? current?.signing_app_id ?? callerAppId ?? (await this.repository.oldestMerchantApp(merchantId, tx));
      if (signingAppId !== null && !(await this.repository.canSignFor(merchantId, signingAppId, tx))) {
        throw new ApiError(DeviceSyncCodes.SIGNING_APP_INVALID, `signing_app_id: ${signingAppId}`);
      }
      const reEnable = patch.webhook_url !== undefined || patch.webhook_enabled === true;
      const enabled = patch.webhook_enabled ?? (reEnable ? true : current ? current.webhook_enabled === 1 : true);
      await this.repository.save(tx, {
        merchant_id: merchantId,
        webhook_url: patch.webhook_url ?? current?.webhook_url ?? '',
        webhook_enabled: enabled ? 1 : 0,
        webhook_disabled_reason: reEnable || !enabled ? '' : (current?.webhook_disabled_reason ?? ''),
        consecutive_failures: reEnable ? 0 : (current?.consecutive_failures ?? 0),
        crm_url: patch.crm_url ?? current?.crm_url ?? '',
        signing_app_id: signingAppId,
        updated_at: now,
      });
    });
    return this.settings(merchantId);
  }

  /** The app id and secret that sign calls to this merchant, when one is set and still valid. */
  async signer(merchantId: number): Promise<{ appId: string; secret: string } | undefined> {
    const appId = (await this.repository.settings(merchantId))?.signing_app_id;
    if (!appId || !(await this.repository.canSignFor(merchantId, appId))) return undefined;
    const secret = await this.repository.appSecret(appId);
    return secret === undefined ? undefined : { appId, secret };
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
}
