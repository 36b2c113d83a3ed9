import type { AddAppArgs, AddGroupArgs, AddMerchantArgs, AddOrderArgs, EndOrderArgs } from '../../protocol/operator/tenant-commands.ts';
import type { Region } from '../../protocol/regions.ts';
import { newAppId, newAppSecret } from '../auth/app-credentials.ts';
import { MerchantRepository } from '../auth/merchant-repository.ts';
import { TokenRepository, type AppLevel } from '../auth/token-repository.ts';
import type { Clock } from '../clock.ts';
import { TenantRepository } from '../open-api/tenants/tenant-repository.ts';
import { OrderRepository } from '../skin-api/order-repository.ts';
import type { SqlDatabase, SqlExecutor } from '../storage/sql.ts';
import { TenantAdminRepository } from './tenant-admin-repository.ts';

/** An app's credentials as issued: the only time its secret is shown (`tenants list` never shows it). */
export interface IssuedApp {
  app_id: string;
  app_secret: string;
  level: AppLevel;
  group_id: string;
  merchant_id: string | null;
  name: string;
}

export interface TenantListing {
  groups: {
    group_id: string;
    name: string;
    apps: ListedApp[];
    merchants: {
      merchant_id: string;
      name: string;
      region: Region;
      /** The merchant's own area field (the open API's merchant detail). */
      area: string;
      default_lang: string;
      lang_list: string[];
      single_account: boolean;
      /** Store regions (the open API's areas), as made by add-merchant or by the merchant. */
      store_regions: string[];
      stores: number;
      apps: ListedApp[];
      /** The app that signs the merchant's pushes and CRM calls (`integration`), or null. */
      signing_app_id: string | null;
      orders: { order_id: string; valid_from: string; valid_until: string; last_day: string; quota_total: number; quota_left: number }[];
    }[];
  }[];
}

interface ListedApp {
  app_id: string;
  name: string;
  revoked_at: string | null;
}

/** What an operator asked for that cannot be done as asked; the message says why and what to do. */
export class TenantCommandError extends Error {}

const DAY_MS = 24 * 3600 * 1000;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The last UTC day an order is valid on: `valid_until` is the moment it stops, exclusive (2028-01-01T00:00Z: 2027-12-31). */
function lastDay(validUntil: number): string {
  return new Date(validUntil - 1).toISOString().slice(0, 10);
}

/**
 * The operator's tenant administration (D-129): merchant groups, their merchants, the apps
 * integrators sign in with, and the Skin API orders that carry the analysis quota. Stores and
 * employees are the integrator's, through the specification's open_api endpoints. Each command is
 * one transaction: checks and writes together, so a command run twice at once cannot both pass.
 */
export class TenantAdmin {
  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
  ) {}

  /** A merchant group with its group-level app (open_api group operations, merchant list). */
  async addGroup(args: AddGroupArgs): Promise<{ group_id: string; name: string; app: IssuedApp }> {
    const credentials = { app_id: newAppId(), app_secret: newAppSecret() };
    return this.sql.transaction(async (tx) => {
      const admin = new TenantAdminRepository(tx);
      const same = await admin.groupNamed(args.name);
      if (same) throw new TenantCommandError(`a group named "${args.name}" exists already (id ${same.id}): \`tenants list\` shows it and its apps`);
      const now = this.clock.now();
      const groupId = await new MerchantRepository(tx).insertGroup(args.name, now);
      const app = await insertApp(tx, credentials, { level: 'group', groupId, merchantId: null, name: `${args.name} integration` }, now);
      return { group_id: String(groupId), name: args.name, app };
    });
  }

  /** A merchant of a group, its store regions and its merchant-level app. */
  async addMerchant(args: AddMerchantArgs): Promise<{ merchant_id: string; group_id: string; name: string; region: Region; default_lang: string; lang_list: string[]; store_regions: string[]; app: IssuedApp }> {
    const credentials = { app_id: newAppId(), app_secret: newAppSecret() };
    return this.sql.transaction(async (tx) => {
      const admin = new TenantAdminRepository(tx);
      if (!(await admin.groupExists(args.group))) throw new TenantCommandError(`no group ${args.group}: \`tenants list\` shows the groups, \`tenants add-group\` creates one`);
      const same = await admin.merchantNamedInGroup(args.group, args.name);
      if (same) throw new TenantCommandError(`group ${args.group} has a merchant named "${args.name}" already (id ${same.id})`);
      const now = this.clock.now();
      const merchantId = await new MerchantRepository(tx).insertMerchant({
        group_id: args.group, name: args.name, area: args.area, region: args.region, multi_account: args.singleAccount ? 0 : 1,
        default_lang: args.languages[0] ?? 'en', lang_list: JSON.stringify(args.languages), created_at: now,
      });
      const tenants = new TenantRepository(tx);
      for (const region of args.storeRegions) await tenants.insertArea(merchantId, region, '');
      const app = await insertApp(tx, credentials, { level: 'merchant', groupId: args.group, merchantId, name: `${args.name} integration` }, now);
      return {
        merchant_id: String(merchantId), group_id: String(args.group), name: args.name, region: args.region,
        default_lang: args.languages[0] ?? 'en', lang_list: args.languages, store_regions: args.storeRegions, app,
      };
    });
  }

  /** Another app of a group or of one of its merchants: a second integrator, or a new secret before the old app is revoked. */
  async addApp(args: AddAppArgs): Promise<IssuedApp> {
    const credentials = { app_id: newAppId(), app_secret: newAppSecret() };
    return this.sql.transaction(async (tx) => {
      if (!(await new TenantAdminRepository(tx).groupExists(args.group))) throw new TenantCommandError(`no group ${args.group}: \`tenants list\` shows the groups`);
      if (args.merchant !== undefined && !(await new MerchantRepository(tx).findScopeInGroup(args.merchant, args.group))) {
        throw new TenantCommandError(`merchant ${args.merchant} is not a merchant of group ${args.group}`);
      }
      const level: AppLevel = args.merchant === undefined ? 'group' : 'merchant';
      return insertApp(tx, credentials, { level, groupId: args.group, merchantId: args.merchant ?? null, name: args.name }, this.clock.now());
    });
  }

  /**
   * Revokes an app: no new token, its token refused on every node within a second (the token
   * cache, D-071), its pull signatures refused. Refused while the app signs a merchant's pushes
   * and CRM calls, which would otherwise stop: with no signing app, pushes fail (and count towards
   * the webhook being turned off) and CRM searches answer "not configured".
   */
  async revokeApp(appId: string): Promise<{ app_id: string; revoked_at: string }> {
    return this.sql.transaction(async (tx) => {
      const admin = new TenantAdminRepository(tx);
      const app = await admin.app(appId);
      if (!app) throw new TenantCommandError(`no app ${appId}: \`tenants list\` shows the apps`);
      if (app.revoked_at !== null) throw new TenantCommandError(`app ${appId} was revoked already, at ${iso(app.revoked_at)}`);
      const signed = await admin.merchantsSignedBy(appId);
      if (signed.length > 0) {
        const first = signed[0]!.merchant_id;
        throw new TenantCommandError(
          `app ${appId} signs the pushes and CRM calls of merchant${signed.length > 1 ? 's' : ''} ${signed.map((row) => row.merchant_id).join(', ')}: ` +
            `name another app first (npm run platform -- integration --merchant ${first} --signing-app OTHER_APP_ID)`,
        );
      }
      const now = this.clock.now();
      await admin.revoke(appId, now);
      return { app_id: appId, revoked_at: iso(now) };
    });
  }

  /** A Skin API order: `quota` analyses from the start of `from` (today when absent) to the end of `until`, UTC. */
  async addOrder(args: AddOrderArgs): Promise<{ order_id: string; merchant_id: string; quota_total: number; valid_from: string; valid_until: string; last_day: string }> {
    const now = this.clock.now();
    const validFrom = args.from === undefined ? now : Date.parse(`${args.from}T00:00:00Z`);
    const validUntil = Date.parse(`${args.until}T00:00:00Z`) + DAY_MS;
    if (validUntil <= now) throw new TenantCommandError(`--until ${args.until} has passed: the order would never be valid`);
    return this.sql.transaction(async (tx) => {
      if (!(await new MerchantRepository(tx).findById(args.merchant))) throw new TenantCommandError(`no merchant ${args.merchant}: \`tenants list\` shows the merchants`);
      const orderId = await new OrderRepository(tx).add(args.merchant, validFrom, validUntil, args.quota, now);
      return { order_id: String(orderId), merchant_id: String(args.merchant), quota_total: args.quota, valid_from: iso(validFrom), valid_until: iso(validUntil), last_day: lastDay(validUntil) };
    });
  }

  /**
   * Ends an order now: an order added by mistake (a command run twice adds two), or one cut short.
   * Tasks already charged to it keep their charge; an order that has not started yet ends before it starts.
   */
  async endOrder(args: EndOrderArgs): Promise<{ order_id: string; merchant_id: string; valid_until: string; quota_left: number }> {
    return this.sql.transaction(async (tx) => {
      const orders = new OrderRepository(tx);
      const order = await orders.find(args.order);
      if (!order) throw new TenantCommandError(`no order ${args.order}: \`tenants list\` shows the current orders`);
      const now = this.clock.now();
      if (order.valid_until <= now) throw new TenantCommandError(`order ${args.order} ended already, at ${iso(order.valid_until)}`);
      await orders.end(order.id, now);
      return { order_id: String(order.id), merchant_id: String(order.merchant_id), valid_until: iso(now), quota_left: order.quota_total - order.quota_used - order.quota_reserved };
    });
  }

  /** Every group with its apps and merchants, each merchant with its store count, apps and current orders; no secrets. */
  async list(): Promise<TenantListing> {
    const admin = new TenantAdminRepository(this.sql);
    const [groups, merchants, areas, apps, orders] = await Promise.all([admin.groups(), admin.merchants(), admin.areas(), admin.apps(), new OrderRepository(this.sql).current(this.clock.now())]);
    const listed = (app: (typeof apps)[number]): ListedApp => ({ app_id: app.app_id, name: app.name, revoked_at: app.revoked_at === null ? null : iso(app.revoked_at) });
    return {
      groups: groups.map((group) => ({
        group_id: String(group.id),
        name: group.name,
        apps: apps.filter((app) => app.level === 'group' && app.group_id === group.id).map(listed),
        merchants: merchants
          .filter((merchant) => merchant.group_id === group.id)
          .map((merchant) => ({
            merchant_id: String(merchant.id),
            name: merchant.name,
            region: merchant.region,
            area: merchant.area,
            default_lang: merchant.default_lang,
            lang_list: JSON.parse(merchant.lang_list) as string[],
            single_account: Number(merchant.multi_account) === 0,
            store_regions: areas.filter((area) => area.merchant_id === merchant.id).map((area) => area.name),
            stores: Number(merchant.stores),
            apps: apps.filter((app) => app.merchant_id === merchant.id).map(listed),
            signing_app_id: merchant.signing_app_id,
            orders: orders
              .filter((order) => order.merchant_id === merchant.id)
              .map((order) => ({
                order_id: String(order.id), valid_from: iso(order.valid_from), valid_until: iso(order.valid_until), last_day: lastDay(order.valid_until),
                quota_total: order.quota_total, quota_left: order.quota_total - order.quota_used - order.quota_reserved,
              })),
          })),
      })),
    };
  }
}

async function insertApp(
  tx: SqlExecutor,
  credentials: { app_id: string; app_secret: string },
  app: { level: AppLevel; groupId: number; merchantId: number | null; name: string },
  now: number,
): Promise<IssuedApp> {
  await new TokenRepository(tx).insertApp({ ...credentials, level: app.level, group_id: app.groupId, merchant_id: app.merchantId, name: app.name, created_at: now });
  return { ...credentials, level: app.level, group_id: String(app.groupId), merchant_id: app.merchantId === null ? null : String(app.merchantId), name: app.name };
}
