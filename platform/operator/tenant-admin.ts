import { setTimeout as sleep } from 'node:timers/promises';
import type { AddAppArgs, AddGroupArgs, AddMerchantArgs, AddOrderArgs, EndOrderArgs, RemoveGroupArgs, RemoveMerchantArgs } from '../../protocol/operator/tenant-commands.ts';
import type { Region } from '../../protocol/regions.ts';
import { newAppId, newAppSecret } from '../auth/app-credentials.ts';
import { MerchantRepository, type MerchantRow } from '../auth/merchant-repository.ts';
import { TokenRepository, type AppLevel } from '../auth/token-repository.ts';
import { TOKEN_CACHE_MS } from '../auth/token-service.ts';
import type { Clock } from '../clock.ts';
import { TenantRepository } from '../open-api/tenants/tenant-repository.ts';
import { OrderRepository } from '../skin-api/order-repository.ts';
import { DeletionRepository } from '../report-data/deletion-repository.ts';
import { outputKeys } from '../skin-api/output-keys.ts';
import type { SqlDatabase, SqlExecutor } from '../storage/sql.ts';
import { TenantAdminRepository } from './tenant-admin-repository.ts';
import { TenantRemovalRepository } from './tenant-removal-repository.ts';

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

/** What `remove-merchant` prints: the rows deleted per table (tables with none left out) and the files listed for the nodes to delete. */
export interface MerchantRemoval {
  merchant_id: string;
  group_id: string;
  name: string;
  deleted: Record<string, number>;
  files_listed: number;
}

/** What `remove-group` prints. */
export interface GroupRemoval {
  group_id: string;
  name: string;
  deleted: { apps: number };
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

  /**
   * Removes a merchant and everything of it (D-135): customers, reports, tasks, uploads, orders,
   * stores, catalogue, apps and their tokens; its files are listed for removal and the nodes that
   * run background work delete them. `name` must be the merchant's: an id mistyped by one digit
   * removes nothing. Refused while any of its analysis tasks is queued or running (a worker would
   * finish it for no one). Two transactions: a short one closes the merchant's own doors (its
   * apps revoked, their tokens dropped, its webhook off), so that once the nodes' token caches
   * have let go no request of its apps competes with the long one that deletes its rows.
   */
  async removeMerchant(args: RemoveMerchantArgs): Promise<MerchantRemoval> {
    const merchant = await this.sql.transaction(async (tx) => {
      const found = await removableMerchant(tx, args);
      await new TenantRemovalRepository(tx).closeMerchant(found.id, this.clock.now());
      return found;
    });
    // Every node trusts a token it found for up to TOKEN_CACHE_MS (D-071): after it, none of the merchant's.
    await sleep(TOKEN_CACHE_MS + 100);
    return this.sql.transaction(async (tx) => {
      // Checked again: a group-level app (a station) may have queued a task in between.
      await removableMerchant(tx, args);
      const removal = new TenantRemovalRepository(tx);
      const now = this.clock.now();
      const deletions = new DeletionRepository(this.sql);
      let filesListed = 0;
      for await (const keys of removal.uploadKeys(merchant.id)) filesListed += await deletions.listFiles(tx, keys, now);
      for await (const results of removal.taskResults(merchant.id)) filesListed += await deletions.listFiles(tx, results.flatMap(outputKeys), now);
      const deleted = await removal.deleteMerchantRows(merchant.id);
      return { merchant_id: String(merchant.id), group_id: String(merchant.group_id), name: merchant.name, deleted, files_listed: filesListed };
    });
  }

  /** Removes a group with no merchants left, its apps and their tokens (D-135); `name` confirms which. */
  async removeGroup(args: RemoveGroupArgs): Promise<GroupRemoval> {
    return this.sql.transaction(async (tx) => {
      const removal = new TenantRemovalRepository(tx);
      const group = await removal.group(args.group);
      if (!group) throw new TenantCommandError(`no group ${args.group}: \`tenants list\` shows the groups`);
      if (!sameName(group.name, args.name)) {
        throw new TenantCommandError(`group ${args.group} is named "${group.name}", not "${args.name}": give its name with --name to confirm which group goes`);
      }
      const merchants = (await new MerchantRepository(tx).listOfGroup(group.id)).map((merchant) => merchant.id);
      if (merchants.length > 0) {
        throw new TenantCommandError(`group ${args.group} still has merchant${merchants.length === 1 ? '' : 's'} ${merchants.join(', ')}: remove ${merchants.length === 1 ? 'it' : 'them'} first (\`tenants remove-merchant\`)`);
      }
      const deleted = await removal.deleteGroupRows(group.id);
      return { group_id: String(group.id), name: group.name, deleted };
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

/** Names are compared without letter case, as add-group and add-merchant do (they fold in SQL; this also folds non-ASCII letters). */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The merchant `args` names, when its name matches and no task of it is queued or running. */
async function removableMerchant(tx: SqlExecutor, args: RemoveMerchantArgs): Promise<MerchantRow> {
  const merchant = await new MerchantRepository(tx).findById(args.merchant);
  if (!merchant) throw new TenantCommandError(`no merchant ${args.merchant}: \`tenants list\` shows the merchants`);
  if (!sameName(merchant.name, args.name)) {
    throw new TenantCommandError(`merchant ${args.merchant} is named "${merchant.name}", not "${args.name}": give its name with --name to confirm which merchant goes`);
  }
  const unfinished = await new TenantRemovalRepository(tx).unfinishedTasks(merchant.id);
  if (unfinished > 0) {
    throw new TenantCommandError(
      `merchant ${args.merchant} has ${unfinished} analysis task${unfinished === 1 ? '' : 's'} queued or running: end its orders (\`tenants end-order\`) so no new one starts, and run this again when they are done`,
    );
  }
  return merchant;
}
