/**
 * The operator removes a merchant, then its group, for good (D-135): every row of the merchant
 * goes in one transaction and its files are listed for the nodes to delete; another merchant of
 * the group keeps everything; a mistyped id or name, unfinished tasks or merchants left in a
 * group are refused with nothing written. On SQLite and, in the PostgreSQL run, on its own database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { TOKEN_CACHE_MS } from '../../../platform/auth/token-service.ts';
import { TenantCommandError, type TenantListing } from '../../../platform/operator/tenant-admin.ts';
import { runTenantsCli } from '../../../platform/operator/tenants-cli.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { platformDatabaseFor } from '../../helpers/postgres.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { captureSession, reportBody, succeededTask, syncUser } from '../report-data/helpers.ts';

describe('tenants remove-merchant and remove-group', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-removal-'));
  let tp: TestPlatform;
  let env: NodeJS.ProcessEnv;
  let leaving: DemoApp;
  let staying: DemoApp;
  let leavingFiles: string[] = [];
  const tenants = (...args: string[]) => runTenantsCli([...args, '--data', dataDir], { env });
  const sql = () => tp.platform.services.sql;
  const objects = () => tp.platform.services.objects;
  const count = async (query: string, params: (string | number)[] = []) => Number((await sql().one<{ n: number }>(query, params))!.n);
  /** Every table with a merchant_id column, read from the database's own catalogue (not a copy of the code's list). */
  const merchantTables = async (): Promise<string[]> => {
    const rows = env.DATABASE_URL
      ? await sql().all<{ name: string }>("SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'merchant_id' AND table_schema = current_schema() ORDER BY 1")
      : await sql().all<{ name: string }>("SELECT m.name AS name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'merchant_id' ORDER BY 1");
    return rows.map((row) => row.name);
  };
  /** Rows naming the merchant, table by table (tables with none left out), tokens and push attempts through their parents. */
  const rowsOf = async (merchantId: number) => {
    const rows: Record<string, number> = {};
    const tables = await merchantTables();
    // Sanity of the catalogue read: the tables every merchant has rows in.
    expect(tables).toEqual(expect.arrayContaining(['apps', 'stores', 'users', 'tasks']));
    for (const table of tables) {
      const n = await count(`SELECT COUNT(*) AS n FROM ${table} WHERE merchant_id = ?`, [merchantId]);
      if (n > 0) rows[table] = n;
    }
    const through = {
      merchants: ['SELECT COUNT(*) AS n FROM merchants WHERE id = ?'],
      tokens: ['SELECT COUNT(*) AS n FROM tokens WHERE app_id IN (SELECT app_id FROM apps WHERE merchant_id = ?)'],
      push_attempts: ['SELECT COUNT(*) AS n FROM push_attempts WHERE event_id IN (SELECT id FROM push_events WHERE merchant_id = ?)'],
    } as const;
    for (const [table, [query]] of Object.entries(through)) {
      const n = await count(query, [merchantId]);
      if (n > 0) rows[table] = n;
    }
    return rows;
  };
  /** Every object key in the store. */
  const storedKeys = async (): Promise<Set<string>> => {
    const keys = new Set<string>();
    for await (const page of objects().listPages()) for (const object of page) keys.add(object.key);
    return keys;
  };
  const listed = () => count('SELECT COUNT(*) AS n FROM object_deletions');
  const existing = async (keys: readonly string[]) => (await Promise.all(keys.map((key) => objects().exists(key)))).filter(Boolean).length;
  const tokenCode = async (app: DemoApp) => {
    const res = await request(`${tp.platform.url}/open_api/common/access_token?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`);
    return ((await res.body.json()) as { meta: { code: number } }).meta.code;
  };
  /** A customer with a report over real uploads and an analysis output. */
  const customerWithReport = async (client: PlatformClient, merchantId: number, store: string) => {
    const user = await syncUser(client, { store_custom_id: store });
    const session = await captureSession(tp, client, merchantId);
    await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session, { store_custom_id: store }) });
  };

  beforeAll(async () => {
    const databaseUrl = await platformDatabaseFor(dataDir);
    env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    tp = await startTestPlatform({ dataDir, config: { analysisWorkers: 1 } });
    leaving = tp.app('primary');
    staying = tp.app('second');
    // The leaving merchant's files: whatever its work added to the store, read off the store itself.
    const before = await storedKeys();
    await customerWithReport(tp.client(leaving), Number(leaving.merchant_id), 'SG001');
    leavingFiles = [...(await storedKeys())].filter((key) => !before.has(key));
    await customerWithReport(tp.client(staying), Number(staying.merchant_id), 'HK001');
  }, 60_000);
  afterAll(async () => {
    await tp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a wrong name, unfinished tasks and a group with merchants, writing nothing', async () => {
    const merchantId = Number(leaving.merchant_id);
    const before = await rowsOf(merchantId);
    const listedBefore = await listed();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'reports', 'tasks', 'uploads', 'stores', 'apps', 'skin_orders', 'catalogue_items']));

    await expect(tenants('remove-merchant', '--merchant', leaving.merchant_id!, '--name', 'Harbour Derma Bar')).rejects.toThrow(/is named "Lumen Skin Studio", not "Harbour Derma Bar"/);
    await expect(tenants('remove-merchant', '--merchant', '999999', '--name', 'Lumen Skin Studio')).rejects.toThrow(/no merchant 999999/);
    await expect(tenants('remove-merchant', '--merchant', leaving.merchant_id!)).rejects.toThrow(/--name is required/);

    // A task a worker holds: removing its merchant now would leave the worker a task of no one.
    const taskId = 'tremovalrunning';
    await sql().run(
      `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, lease_until, request_hash, created_at, updated_at)
       SELECT ?, merchant_id, 'test', id, 'device_v', 'standard', '{}', 'running', 1, ?, 'h', ?, ? FROM skin_orders WHERE merchant_id = ? LIMIT 1`,
      [taskId, Date.now() + 3_600_000, Date.now(), Date.now(), merchantId],
    );
    await expect(tenants('remove-merchant', '--merchant', leaving.merchant_id!, '--name', 'lumen skin studio')).rejects.toThrow(/has 1 analysis task queued or running: end its orders/);
    await sql().run('DELETE FROM tasks WHERE id = ?', [taskId]);

    const group = (await tenants('list')) as TenantListing;
    const demoGroup = group.groups[0]!;
    await expect(tenants('remove-group', '--group', demoGroup.group_id, '--name', demoGroup.name)).rejects.toBeInstanceOf(TenantCommandError);
    await expect(tenants('remove-group', '--group', demoGroup.group_id, '--name', demoGroup.name)).rejects.toThrow(/still has merchants/);
    expect(await rowsOf(merchantId)).toEqual(before);
    expect(await listed()).toBe(listedBefore);
    expect(await tokenCode(leaving)).toBe(0);
  });

  it('removes the merchant with every row and file of it; the other merchant keeps all of its own', async () => {
    const merchantId = Number(leaving.merchant_id);
    const files = leavingFiles;
    // Three photos and an analysis output.
    expect(files.length).toBeGreaterThanOrEqual(4);
    const othersBefore = [...(await storedKeys())].filter((key) => !files.includes(key));
    const otherRows = await rowsOf(Number(staying.merchant_id));
    const before = await rowsOf(merchantId);
    expect(before).toMatchObject({ tokens: 1, merchants: 1 });

    const removed = (await tenants('remove-merchant', '--merchant', leaving.merchant_id!, '--name', 'Lumen Skin Studio')) as { deleted: Record<string, number>; files_listed: number };
    expect(removed).toMatchObject({ merchant_id: leaving.merchant_id, name: 'Lumen Skin Studio', files_listed: files.length });
    // Every row counted as it was, except the token its first step dropped when it revoked the app.
    const { tokens: _dropped, ...rowsLeftForTheSecondStep } = before;
    expect(removed.deleted).toEqual(rowsLeftForTheSecondStep);
    expect(await rowsOf(merchantId)).toEqual({});

    // The files go when a node takes up the list (at start, and every few minutes).
    expect(await existing(files)).toBe(files.length);
    await tp.platform.services.reportData.deletions.removePendingFiles();
    expect(await existing(files)).toBe(0);
    expect(await listed()).toBe(0);
    expect([...(await storedKeys())].sort()).toEqual(othersBefore.sort());

    // Its apps are gone: within the token cache's second every node refuses them.
    await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 100));
    expect(await tokenCode(leaving)).not.toBe(0);
    const listing = (await tenants('list')) as TenantListing;
    expect(listing.groups[0]!.merchants.map((m) => m.merchant_id)).not.toContain(leaving.merchant_id);

    expect(await rowsOf(Number(staying.merchant_id))).toEqual(otherRows);
    expect(await tokenCode(staying)).toBe(0);
    await expect(tenants('remove-merchant', '--merchant', leaving.merchant_id!, '--name', 'Lumen Skin Studio')).rejects.toThrow(/no merchant/);
  });

  it('removes a group once it has no merchant, with its apps; a merchant of more files than a page', async () => {
    const made = (await tenants('add-group', '--name', 'Short Lived')) as { group_id: string; app: DemoApp };
    const merchant = (await tenants('add-merchant', '--group', made.group_id, '--name', 'Only Store', '--region', 'overseas')) as { merchant_id: string };
    expect(await tokenCode(made.app)).toBe(0);
    await expect(tenants('remove-group', '--group', made.group_id, '--name', 'Short Lived')).rejects.toThrow(new RegExp(`still has merchant ${merchant.merchant_id}: remove it first`));
    // More finished tasks with outputs than one page of the removal's reads and of the nodes' removal.
    await tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '1000', '--until', '2099-12-31');
    const before = await storedKeys();
    for (let i = 0; i < 1_100; i++) await succeededTask(tp, Number(merchant.merchant_id), {});
    const outputs = [...(await storedKeys())].filter((key) => !before.has(key));
    expect(outputs).toHaveLength(1_100);
    expect(await tenants('remove-merchant', '--merchant', merchant.merchant_id, '--name', 'Only Store')).toMatchObject({ files_listed: 1_100, deleted: { tasks: 1_100 } });
    expect(await listed()).toBe(1_100);
    expect(await tp.platform.services.reportData.deletions.removePendingFiles()).toBe(1_100);
    expect(await existing(outputs)).toBe(0);
    expect(await listed()).toBe(0);
    expect(await tenants('remove-group', '--group', made.group_id, '--name', 'short lived')).toEqual({ group_id: made.group_id, name: 'Short Lived', deleted: { apps: 1 } });
    await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 100));
    expect(await tokenCode(made.app)).not.toBe(0);
    expect(((await tenants('list')) as TenantListing).groups.map((g) => g.group_id)).not.toContain(made.group_id);
  });
});
