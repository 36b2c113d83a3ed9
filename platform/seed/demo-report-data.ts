import { demoMerchantUrls } from '../report-data/integration.ts';
import type { Db } from '../storage/database.ts';
import { DEMO_MERCHANTS } from './demo-tenants.ts';

/**
 * decision: the primary demo merchant's CRM search and webhook point at the reference
 * merchant mounted in the instance (/demo_merchant/<id>/...), signed with the merchant's own
 * app, so customer search and push work out of the box in embedded mode. Nothing is seeded
 * when the demo merchant routes are off.
 */
export function seedDemoReportData(db: Db, now: number, demoMerchant: boolean): void {
  if (!demoMerchant) return;
  const primary = DEMO_MERCHANTS.find((merchant) => merchant.key === 'primary');
  const row = db.prepare("SELECT m.id, a.app_id FROM merchants m JOIN apps a ON a.merchant_id = m.id AND a.level = 'merchant' WHERE m.name = ?").get(primary?.name) as
    | { id: number; app_id: string }
    | undefined;
  if (!row) return;
  const urls = demoMerchantUrls(row.id);
  db.prepare('INSERT INTO merchant_integrations (merchant_id, webhook_url, crm_url, signing_app_id, updated_at) VALUES (?, ?, ?, ?, ?)').run(row.id, urls.webhook, urls.crm, row.app_id, now);
}
