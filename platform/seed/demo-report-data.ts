import { IntegrationRepository } from '../report-data/integration-repository.ts';
import { demoMerchantUrls } from '../report-data/integration.ts';
import type { SqlExecutor } from '../storage/sql.ts';
import { DEMO_MERCHANTS } from './demo-tenants.ts';

/**
 * decision: the primary demo merchant's CRM search and webhook point at the reference
 * merchant mounted in the instance (/demo_merchant/<id>/...), signed with the merchant's own
 * app, so customer search and push work out of the box in embedded mode. Nothing is seeded
 * when the demo merchant routes are off. Runs on the seed's transaction.
 */
export async function seedDemoReportData(tx: SqlExecutor, now: number, demoMerchant: boolean): Promise<void> {
  if (!demoMerchant) return;
  const primary = DEMO_MERCHANTS.find((merchant) => merchant.key === 'primary');
  if (!primary) return;
  const integrations = new IntegrationRepository(tx);
  const row = await integrations.demoMerchantApp(tx, primary.name);
  if (!row) return;
  const urls = demoMerchantUrls(row.id);
  await integrations.seed(tx, { merchantId: row.id, webhookUrl: urls.webhook, crmUrl: urls.crm, signingAppId: row.app_id, now });
}
