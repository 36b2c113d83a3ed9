import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { writeDurable } from '../../common/node/durable-file.ts';
import { hashPassword } from '../auth/passwords.ts';
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

function newAppId(): string {
  return `app_${randomBytes(8).toString('hex')}`;
}

function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Seeds the demo group, its merchants, stores, accounts and apps into an empty database, in one
 * transaction, and writes demo-credentials.json (0600, crash-safe) beside it.
 */
export async function seedDemoIfEmpty(services: PlatformServices, baseUrl: string): Promise<SeedResult | null> {
  const { db, clock, config } = services;
  if ((db.prepare('SELECT COUNT(*) AS n FROM groups').get() as { n: number }).n > 0) return null;
  const now = clock.now();
  const passwordHash = hashPassword(DEMO_ACCOUNT_PASSWORD);
  const apps: DemoApp[] = [];

  db.transaction(() => {
    const groupId = Number(db.prepare('INSERT INTO groups (name, created_at) VALUES (?, ?)').run(DEMO_GROUP_NAME, now).lastInsertRowid);
    const allStores: string[] = [];
    for (const merchant of DEMO_MERCHANTS) {
      const merchantId = Number(
        db
          .prepare('INSERT INTO merchants (group_id, name, area, region, multi_account, default_lang, lang_list, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(groupId, merchant.name, merchant.area, merchant.region, merchant.multi_account ? 1 : 0, merchant.default_lang, JSON.stringify(merchant.lang_list), now).lastInsertRowid,
      );
      const areaIds = merchant.areas.map((area) =>
        Number(db.prepare('INSERT INTO areas (merchant_id, name, remark) VALUES (?, ?, ?)').run(merchantId, area.name, area.remark).lastInsertRowid),
      );
      for (const store of merchant.stores) {
        const storeId = Number(
          db
            .prepare(
              `INSERT INTO stores (merchant_id, custom_id, name, telephone, area_id, province, city, address, status, business_type, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(merchantId, store.custom_id, store.name, '+65 6000 0000', areaIds[0] ?? null, store.province, store.city, store.address, store.status, store.business_type, now).lastInsertRowid,
        );
        for (const account of store.accounts) {
          db.prepare(
            `INSERT INTO accounts (merchant_id, store_id, username, password_hash, real_name, is_manager, status, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(merchantId, storeId, account.username, passwordHash, account.real_name, account.manager ? 1 : 0, account.status, now);
        }
      }
      const storeIds = merchant.stores.map((store) => store.custom_id);
      allStores.push(...storeIds);
      const app: DemoApp = {
        app_id: newAppId(), app_secret: newSecret(), level: 'merchant', group_id: String(groupId),
        merchant_id: String(merchantId), merchant_name: merchant.name, region: merchant.region, store_custom_ids: storeIds,
      };
      db.prepare('INSERT INTO apps (app_id, app_secret, level, group_id, merchant_id, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        app.app_id, app.app_secret, 'merchant', groupId, merchantId, `${merchant.name} integration`, now,
      );
      apps.push(app);
    }
    const groupApp: DemoApp = {
      app_id: newAppId(), app_secret: newSecret(), level: 'group', group_id: String(groupId),
      merchant_id: null, merchant_name: null, region: config.region, store_custom_ids: allStores,
    };
    db.prepare('INSERT INTO apps (app_id, app_secret, level, group_id, merchant_id, name, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?)').run(
      groupApp.app_id, groupApp.app_secret, 'group', groupId, `${DEMO_GROUP_NAME} integration`, now,
    );
    apps.unshift(groupApp);
    seedDemoCatalogue(db, groupId, now, baseUrl);
    seedSkinOrders(db, now);
    seedDemoReportData(db, now, config.demoMerchant);
  })();

  const credentialsFile = join(config.dataDir, CREDENTIALS_FILE);
  const document = { base_url: baseUrl, region: config.region, account_password: DEMO_ACCOUNT_PASSWORD, apps };
  await writeDurable(credentialsFile, `${JSON.stringify(document, null, 2)}\n`, undefined, { mode: 0o600 });
  return { credentialsFile, apps };
}
