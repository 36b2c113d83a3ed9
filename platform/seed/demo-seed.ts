import { join } from 'node:path';
import { writeDurable } from '../../common/node/durable-file.ts';
import { newAppId, newAppSecret } from '../auth/app-credentials.ts';
import { MerchantRepository } from '../auth/merchant-repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { TokenRepository } from '../auth/token-repository.ts';
import { TenantRepository } from '../open-api/tenants/tenant-repository.ts';
import type { SqlExecutor } from '../storage/sql.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedSkinOrders } from './demo-orders.ts';
import { seedDemoReportData } from './demo-report-data.ts';
import type { PlatformServices } from '../services.ts';
import { DEMO_ACCOUNT_PASSWORD, DEMO_GROUP_NAME, DEMO_MERCHANTS } from './demo-tenants.ts';

export interface DemoApp {
  app_id: string;
  app_secret: string;
  level: 'group' | 'merchant';
  group_id: string;
  merchant_id: string | null;
  merchant_name: string | null;
  region: string;
  store_custom_ids: string[];
}

export interface SeedResult {
  credentialsFile: string;
  apps: DemoApp[];
}

export const CREDENTIALS_FILE = 'demo-credentials.json';

/**
 * Seeds the demo group, its merchants, stores, accounts and apps into an empty database, in one
 * transaction, and writes demo-credentials.json (0600, crash-safe) beside it. Whether the
 * database is empty is read in the same transaction, so two instances starting at once on one
 * PostgreSQL database seed it once (the other's transaction reruns, finds the group, seeds nothing).
 */
export async function seedDemoIfEmpty(services: PlatformServices, baseUrl: string): Promise<SeedResult | null> {
  const { sql, clock, config } = services;
  if (await new MerchantRepository(sql).hasAnyGroup()) return null;
  const now = clock.now();
  // Hashing is slow on purpose: once, before the transaction.
  const passwordHash = hashPassword(DEMO_ACCOUNT_PASSWORD);
  // Generated outside the transaction, which may run more than once on PostgreSQL.
  const groupApp: DemoApp = {
    app_id: newAppId(), app_secret: newAppSecret(), level: 'group', group_id: '',
    merchant_id: null, merchant_name: null, region: config.region, store_custom_ids: [],
  };
  const merchantApps = DEMO_MERCHANTS.map((): Pick<DemoApp, 'app_id' | 'app_secret'> => ({ app_id: newAppId(), app_secret: newAppSecret() }));

  const apps = await sql.transaction(async (tx): Promise<DemoApp[] | null> => {
    const merchants = new MerchantRepository(tx);
    if (await merchants.hasAnyGroup()) return null;
    const ids = await seedDemoTenants(tx, passwordHash, now);
    const seeded: DemoApp[] = [];
    const tokens = new TokenRepository(tx);
    for (const [index, merchant] of DEMO_MERCHANTS.entries()) {
      const merchantId = ids.merchants[index]!;
      const app: DemoApp = {
        ...merchantApps[index]!, level: 'merchant', group_id: String(ids.group), merchant_id: String(merchantId),
        merchant_name: merchant.name, region: merchant.region, store_custom_ids: merchant.stores.map((store) => store.custom_id),
      };
      await tokens.insertApp({
        app_id: app.app_id, app_secret: app.app_secret, level: 'merchant', group_id: ids.group, merchant_id: merchantId,
        name: `${merchant.name} integration`, created_at: now,
      });
      seeded.push(app);
    }
    await tokens.insertApp({
      app_id: groupApp.app_id, app_secret: groupApp.app_secret, level: 'group', group_id: ids.group, merchant_id: null,
      name: `${DEMO_GROUP_NAME} integration`, created_at: now,
    });
    seeded.unshift({ ...groupApp, group_id: String(ids.group), store_custom_ids: seeded.flatMap((app) => app.store_custom_ids) });
    await seedSkinOrders(tx, now);
    await seedDemoCatalogue(tx, ids.group, now, baseUrl);
    await seedDemoReportData(tx, now, config.demoMerchant);
    return seeded;
  });
  if (!apps) return null;

  const credentialsFile = join(config.dataDir, CREDENTIALS_FILE);
  const document = { base_url: baseUrl, region: config.region, account_password: DEMO_ACCOUNT_PASSWORD, apps };
  await writeDurable(credentialsFile, `${JSON.stringify(document, null, 2)}\n`, undefined, { mode: 0o600 });
  return { credentialsFile, apps };
}

/** The group, its merchants, regions, stores and accounts of DEMO_MERCHANTS: their ids, in that order. */
async function seedDemoTenants(tx: SqlExecutor, passwordHash: string, now: number): Promise<{ group: number; merchants: number[] }> {
  const merchants = new MerchantRepository(tx);
  const tenants = new TenantRepository(tx);
  const group = await merchants.insertGroup(DEMO_GROUP_NAME, now);
  const merchantIds: number[] = [];
  for (const merchant of DEMO_MERCHANTS) {
    const merchantId = await merchants.insertMerchant({
      group_id: group, name: merchant.name, area: merchant.area, region: merchant.region, multi_account: merchant.multi_account ? 1 : 0,
      default_lang: merchant.default_lang, lang_list: JSON.stringify(merchant.lang_list), created_at: now,
    });
    merchantIds.push(merchantId);
    const areaIds: number[] = [];
    for (const area of merchant.areas) areaIds.push(await tenants.insertArea(merchantId, area.name, area.remark));
    for (const store of merchant.stores) {
      const storeId = await tenants.insertStore({
        merchant_id: merchantId, custom_id: store.custom_id, name: store.name, telephone: '+65 6000 0000', area_id: areaIds[0] ?? null,
        province_code: '', city_code: '', province: store.province, city: store.city, address: store.address,
        status: store.status, business_type: store.business_type, created_at: now,
      });
      for (const account of store.accounts) {
        await tenants.insertAccount({
          merchant_id: merchantId, store_id: storeId, username: account.username, password_hash: passwordHash,
          real_name: account.real_name, last_name: '', account_num: '', phone_cc: '', phone_number: '', email: '',
          is_manager: account.manager ? 1 : 0, status: account.status, created_at: now,
        });
      }
    }
  }
  return { group, merchants: merchantIds };
}
