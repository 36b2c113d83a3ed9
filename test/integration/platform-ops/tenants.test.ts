import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportDataCodes } from '../../../protocol/report-data/codes.ts';
import { Codes } from '../../../protocol/codes.ts';
import { sign } from '../../../platform/auth/signature.ts';
import { TokenRepository } from '../../../platform/auth/token-repository.ts';
import { TOKEN_CACHE_MS } from '../../../platform/auth/token-service.ts';
import { CREDENTIALS_FILE } from '../../../platform/seed/demo-seed.ts';
import { runReportDataCli } from '../../../platform/report-data/cli.ts';
import type { IssuedApp, TenantListing } from '../../../platform/operator/tenant-admin.ts';
import { runTenantsCli } from '../../../platform/operator/tenants-cli.ts';
import { startPlatform, type RunningPlatform } from '../../../platform/server.ts';
import { storeBody } from '../../helpers/open-api.ts';
import { platformDatabaseFor } from '../../helpers/postgres.ts';

interface Envelope {
  meta: { code: number; error: string };
  response: Record<string, unknown>;
}

/**
 * The operator's tenant commands (D-129) on a platform started without demo tenants, as in
 * production: a group, a merchant and an order made with `tenants`, then used by an integrator
 * over the specification's endpoints; an app revoked; the commands' refusals. On SQLite and, in
 * the PostgreSQL run, on a database of its own.
 */
describe('tenants: the operator creates the tenants an integrator signs in with', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-tenants-'));
  let platform: RunningPlatform;
  let env: NodeJS.ProcessEnv;
  const tenants = (...args: string[]) => runTenantsCli([...args, '--data', dataDir], { env });
  const databaseArgs = () => ['--data', dataDir, ...(env.DATABASE_URL ? ['--database', env.DATABASE_URL] : [])];

  beforeAll(async () => {
    const databaseUrl = await platformDatabaseFor(dataDir);
    env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    platform = await startPlatform({ port: 0, dataDir, logLevel: 'silent', analysisWorkers: 1, demoTenants: false, ...(databaseUrl ? { databaseUrl } : {}) });
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Envelope> => {
    const res = await request(`${platform.url}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.body.json()) as Envelope;
  };
  const token = async (app: Pick<IssuedApp, 'app_id' | 'app_secret'>, api: 'open_api' | 'skin_api' = 'open_api') =>
    call('GET', `/${api}/common/access_token?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`);
  const bearer = async (app: IssuedApp, api: 'open_api' | 'skin_api' = 'open_api') => {
    const answer = await token(app, api);
    expect(answer.meta.code).toBe(0);
    return String(answer.response.access_token);
  };

  /** A signed report pull (specification: Report data pull) of the last hour. */
  const pull = (app: IssuedApp) => {
    const now = Math.floor(Date.now() / 1000);
    const query = { app_id: app.app_id, sig_time: String(now), data_type: 'report', source_type: 'device', begin: String(now - 3600), end: String(now) };
    return call('GET', `/data/lists.json?${new URLSearchParams({ ...query, sig: sign(query, app.app_secret) }).toString()}`);
  };

  let group: { group_id: string; app: IssuedApp };
  let merchant: { merchant_id: string; app: IssuedApp };

  it('starts with no tenant at all and says where tenants come from', async () => {
    expect(platform.seeded).toBeNull();
    expect(existsSync(join(dataDir, CREDENTIALS_FILE))).toBe(false);
    expect(await tenants('list')).toEqual({ groups: [] });
    // The demo merchant's receiver is not served either (served, its CRM answers a bad signature).
    expect((await request(`${platform.url}/demo_merchant/1/crm?keyword=a`)).statusCode).toBe(404);
  });

  it('creates a group and a merchant whose apps work over the specified endpoints', async () => {
    group = (await tenants('add-group', '--name', 'Acme Beauty')) as typeof group;
    merchant = (await tenants(
      'add-merchant', '--group', group.group_id, '--name', 'Acme Singapore', '--region', 'overseas', '--area', 'Singapore',
      '--languages', 'en,ar', '--store-region', 'Central', '--store-region', 'East',
    )) as typeof merchant;
    expect(group.app).toMatchObject({ level: 'group', group_id: group.group_id, merchant_id: null });
    expect(merchant.app).toMatchObject({ level: 'merchant', group_id: group.group_id, merchant_id: merchant.merchant_id });

    const groupToken = await bearer(group.app);
    const merchants = await call('GET', '/open_api/merchant/merchants', { 'access-token': groupToken });
    expect(merchants.response.list).toEqual([{ merchant_id: merchant.merchant_id, name: 'Acme Singapore', area: 'Singapore' }]);

    const merchantHeaders = { 'access-token': await bearer(merchant.app) };
    expect((await call('GET', '/open_api/merchant/langs', merchantHeaders)).response).toMatchObject({ default_lang: 'en', lang_list: ['en', 'ar'] });
    const areas = await call('GET', '/open_api/merchant/area', merchantHeaders);
    expect((areas.response.list as { name: string }[]).map((area) => area.name)).toEqual(['Central', 'East']);
    const created = await call('POST', '/open_api/merchant/stores', merchantHeaders, storeBody('AC001'));
    expect(created.meta.code).toBe(0);

    // No Skin API order yet: the analysis side refuses, as for any merchant without one (44098 at the policy, D-027).
    const skinHeaders = { 'access-token': await bearer(merchant.app, 'skin_api') };
    const refused = await call('POST', '/skin_api/file/upload_policy', skinHeaders, { suffix: 'jpg' });
    expect(refused.meta.code).toBe(Codes.MERCHANT_INVALID.code);
    const order = (await tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '250', '--until', '2099-12-31')) as { valid_until: string; last_day: string };
    // valid_until is the moment it stops; last_day the day it is valid through, as --until said.
    expect(order).toMatchObject({ valid_until: '2100-01-01T00:00:00.000Z', last_day: '2099-12-31' });
    expect((await call('POST', '/skin_api/file/upload_policy', skinHeaders, { suffix: 'jpg' })).meta.code).toBe(0);

    const listing = (await tenants('list')) as TenantListing;
    const listed = listing.groups[0]!.merchants[0]!;
    expect(listed).toMatchObject({
      merchant_id: merchant.merchant_id, area: 'Singapore', single_account: false, store_regions: ['Central', 'East'], stores: 1, lang_list: ['en', 'ar'],
      orders: [{ quota_total: 250, quota_left: 250 }], signing_app_id: null,
    });
    // Secrets are shown once, when issued: never by list.
    expect(JSON.stringify(listing)).not.toContain(merchant.app.app_secret);
    expect(JSON.stringify(listing)).not.toContain(group.app.app_secret);
  });

  it('revokes an app: its token and its signatures stop, the merchant\'s other app goes on', async () => {
    const second = (await tenants('add-app', '--group', group.group_id, '--merchant', merchant.merchant_id, '--name', 'POS integration')) as IssuedApp;
    const oldToken = await bearer(merchant.app);
    const secondToken = await bearer(second);
    // Used once, so this node keeps its holder (D-071): the revocation must reach past that.
    expect((await call('GET', '/open_api/merchant/langs', { 'access-token': oldToken })).meta.code).toBe(0);
    expect((await pull(merchant.app)).meta.code).toBe(0);

    // Pushes and CRM calls are signed by the merchant's first app once its integration is set.
    await runReportDataCli('integration', [...databaseArgs(), '--merchant', merchant.merchant_id, '--crm-url', 'https://crm.example.com/search']);
    await expect(tenants('revoke-app', '--app', merchant.app.app_id)).rejects.toThrow(
      `app ${merchant.app.app_id} signs the pushes and CRM calls of merchant ${merchant.merchant_id}: name another app first (npm run platform -- integration --merchant ${merchant.merchant_id} --signing-app OTHER_APP_ID)`,
    );
    await runReportDataCli('integration', [...databaseArgs(), '--merchant', merchant.merchant_id, '--signing-app', second.app_id]);

    const revoked = (await tenants('revoke-app', '--app', merchant.app.app_id)) as { revoked_at: string };
    expect(Date.parse(revoked.revoked_at)).toBeGreaterThan(0);
    // Every node trusts a token it found for at most TOKEN_CACHE_MS (D-071).
    await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 100));
    expect((await call('GET', '/open_api/merchant/langs', { 'access-token': oldToken })).meta.code).toBe(1001);
    expect((await token(merchant.app)).meta.code).toBe(44098);
    expect((await pull(merchant.app)).meta.code).toBe(ReportDataCodes.SIGNATURE_INVALID.code);

    expect((await call('GET', '/open_api/merchant/langs', { 'access-token': secondToken })).meta.code).toBe(0);
    const listed = ((await tenants('list')) as TenantListing).groups[0]!.merchants[0]!;
    expect(listed.apps.map((app) => [app.app_id, app.revoked_at === null])).toEqual([[merchant.app.app_id, false], [second.app_id, true]]);
    expect(listed.signing_app_id).toBe(second.app_id);
    await expect(tenants('revoke-app', '--app', merchant.app.app_id)).rejects.toThrow(`app ${merchant.app.app_id} was revoked already`);
    // Nor can a revoked app be named to sign again.
    await expect(runReportDataCli('integration', [...databaseArgs(), '--merchant', merchant.merchant_id, '--signing-app', merchant.app.app_id])).rejects.toThrow('signing app cannot act for this merchant');
  }, 30_000);

  it('refuses the token of an app revoked while it was being issued', async () => {
    // The race the holder lookup closes: issue() found the app, the revocation committed and
    // dropped its token, then issue() stored the new one.
    const app = (await tenants('add-app', '--group', group.group_id, '--name', 'Racing app')) as IssuedApp;
    await tenants('revoke-app', '--app', app.app_id);
    const { sql, tokens, clock } = platform.services;
    const late = 'a-token-stored-after-the-revocation';
    await new TokenRepository(sql).replaceToken(app.app_id, createHash('sha256').update(late).digest('hex'), clock.now(), clock.now() + 7_200_000);
    await expect(tokens.authenticate(late)).rejects.toMatchObject({ info: { code: Codes.TOKEN_INVALID.code } });
  });

  it('refuses what it cannot do as asked, naming why, and writes nothing', async () => {
    await expect(tenants('add-group', '--name', 'Acme Beauty')).rejects.toThrow(`a group named "Acme Beauty" exists already (id ${group.group_id})`);
    // Letter case makes no other group to a person.
    await expect(tenants('add-group', '--name', 'ACME beauty')).rejects.toThrow(`exists already (id ${group.group_id})`);
    await expect(tenants('add-merchant', '--group', group.group_id, '--name', 'acme singapore', '--region', 'overseas')).rejects.toThrow('already');
    await expect(tenants('add-merchant', '--group', '999', '--name', 'Lost', '--region', 'overseas')).rejects.toThrow('no group 999');
    await expect(tenants('add-merchant', '--group', group.group_id, '--name', 'Acme Singapore', '--region', 'overseas')).rejects.toThrow('has a merchant named "Acme Singapore" already');
    await expect(tenants('add-merchant', '--group', group.group_id, '--name', 'Moon', '--region', 'moon')).rejects.toThrow('--region: ');
    await expect(tenants('add-merchant', '--group', group.group_id, '--name', 'Babel', '--region', 'cn', '--languages', 'en,xx')).rejects.toThrow('--languages: ');
    await expect(tenants('add-app', '--group', group.group_id, '--merchant', '999', '--name', 'x')).rejects.toThrow(`merchant 999 is not a merchant of group ${group.group_id}`);
    await expect(tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '0', '--until', '2099-01-01')).rejects.toThrow('--quota: must be a whole number of analyses');
    await expect(tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '5', '--until', '2027-02-30')).rejects.toThrow('--until: is not a day of the calendar');
    await expect(tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '5', '--until', '2020-01-01')).rejects.toThrow('--until 2020-01-01 has passed');
    await expect(tenants('add-group')).rejects.toThrow('--name is required');
    await expect(tenants('add-merchant', '--group', group.group_id, '--name', 'Blank', '--region', 'cn', '--store-region', ' ')).rejects.toThrow('--store-region: must not be empty');
    await expect(tenants('add-app', '--group', 'one', '--name', 'x')).rejects.toThrow('--group: must be an id that `tenants list` prints');
    await expect(tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '5', '--from', '2099-02-01', '--until', '2099-01-31')).rejects.toThrow('--until: is before --from');
    await expect(tenants('remove-everything')).rejects.toThrow('no command "remove-everything"');
    const listing = (await tenants('list')) as TenantListing;
    expect(listing.groups).toHaveLength(1);
    expect(listing.groups[0]!.merchants).toHaveLength(1);
    expect(listing.groups[0]!.merchants[0]!.orders).toHaveLength(1);
  });

  it('ends an order added twice by mistake; the quota is the other order\'s', async () => {
    const twice = () => tenants('add-order', '--merchant', merchant.merchant_id, '--quota', '40', '--from', '2026-01-01', '--until', '2099-06-30') as Promise<{ order_id: string }>;
    await twice();
    const extra = await twice();
    const orders = () => tenants('list').then((listing) => (listing as TenantListing).groups[0]!.merchants[0]!.orders.map((order) => order.quota_total));
    expect(await orders()).toEqual([40, 40, 250]);
    expect(await tenants('end-order', '--order', extra.order_id)).toMatchObject({ order_id: extra.order_id, merchant_id: merchant.merchant_id, quota_left: 40 });
    expect(await orders()).toEqual([40, 250]);
    await expect(tenants('end-order', '--order', extra.order_id)).rejects.toThrow(`order ${extra.order_id} ended already`);
    await expect(tenants('end-order', '--order', '999')).rejects.toThrow('no order 999');
  });

  it('shows a merchant\'s integration settings with --merchant alone, writing nothing', async () => {
    const other = (await tenants('add-merchant', '--group', group.group_id, '--name', 'Acme Johor', '--region', 'overseas')) as { merchant_id: string; app: IssuedApp };
    const log = console.log;
    const printed: string[] = [];
    console.log = (text: string) => printed.push(text);
    try {
      await runReportDataCli('integration', [...databaseArgs(), '--merchant', other.merchant_id]);
    } finally {
      console.log = log;
    }
    expect(JSON.parse(printed.join('\n'))).toMatchObject({ webhook_url: '', crm_url: '', signing_app_id: '' });
    // Nothing was saved: its app signs nothing, so it can be revoked.
    expect(await tenants('revoke-app', '--app', other.app.app_id)).toMatchObject({ app_id: other.app.app_id });
  });

  it('never makes a database where the nodes have none (a mistyped --data)', async () => {
    const elsewhere = join(dataDir, 'typo');
    await expect(runTenantsCli(['list', '--data', elsewhere], { env: {} })).rejects.toThrow(`no platform database in ${elsewhere}`);
    // The nodes' PLATFORM_DATA is read as theirs is.
    await expect(runTenantsCli(['list'], { env: { PLATFORM_DATA: elsewhere } })).rejects.toThrow(`no platform database in ${elsewhere}`);
    const listed = (await runTenantsCli(['list'], { env: { ...env, PLATFORM_DATA: dataDir } })) as TenantListing;
    expect(listed.groups.map((g) => g.name)).toContain('Acme Beauty');
    // An empty DATABASE_URL (an env file's `DATABASE_URL=`) is none.
    await expect(runTenantsCli(['list', '--data', elsewhere], { env: { DATABASE_URL: '' } })).rejects.toThrow(`no platform database in ${elsewhere}`);
    // PostgreSQL's equivalent, a database no node has set up: test/integration/multi-node/tenants-database.test.ts.
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('is the platform command line\'s `tenants`, printing one JSON document', async () => {
    // The database is only the one this test names: never a DATABASE_URL of the environment.
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'platform/cli.ts', 'tenants', 'add-group', '--name', 'Second Group', '--data', dataDir], { env: { ...inherited, ...env } });
    expect(JSON.parse(stdout)).toMatchObject({ name: 'Second Group', app: { level: 'group' } });
  }, 30_000);
});
