/**
 * The report data repositories on both backends (issue 14): numbering, tombstones, integration
 * settings and the outbox claim; and on PostgreSQL across two connection pools, the aims of the
 * issue: pull cursors that neither skip nor repeat while reports are inserted, and outbox events
 * that one deliverer alone sends.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullQuerySchema } from '../../../protocol/report-data/pull-query.ts';
import { systemClock } from '../../../platform/clock.ts';
import { IntegrationRepository } from '../../../platform/report-data/integration-repository.ts';
import { IntegrationService } from '../../../platform/report-data/integration.ts';
import { LinkSigner } from '../../../platform/report-data/links.ts';
import { Outbox, type ClaimedEvent } from '../../../platform/report-data/outbox.ts';
import type { PullCaller } from '../../../platform/report-data/pull-auth.ts';
import { PullService } from '../../../platform/report-data/pull-service.ts';
import { ReportRepository, type NewReport, type UserProfile } from '../../../platform/report-data/report-repository.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import type { SqlDatabase } from '../../../platform/storage/sql.ts';
import { openTestDatabase, SQL_BACKENDS, type TestDatabase } from '../../helpers/sql-backends.ts';

const NOW = Date.UTC(2026, 4, 10);
const CREATED = NOW - 3600_000;

interface Tenants {
  groupId: number;
  merchants: { id: number; storeId: number }[];
  appId: string;
}

/** A group of two merchants, a store each, a group app, and webhooks set for both. */
async function seedTenants(sql: SqlDatabase): Promise<Tenants> {
  return sql.transaction(async (tx) => {
    const group = (await tx.one<{ id: number }>('INSERT INTO groups (name, created_at) VALUES (?, ?) RETURNING id', ['Group', NOW]))!;
    const appId = `app_${randomBytes(6).toString('hex')}`;
    await tx.run("INSERT INTO apps (app_id, app_secret, level, group_id, merchant_id, name, created_at) VALUES (?, 'secret', 'group', ?, NULL, 'group app', ?)", [appId, group.id, NOW]);
    const merchants: Tenants['merchants'] = [];
    for (const name of ['North', 'South']) {
      const merchant = (await tx.one<{ id: number }>("INSERT INTO merchants (group_id, name, region, created_at) VALUES (?, ?, 'overseas', ?) RETURNING id", [group.id, name, NOW]))!;
      const store = (await tx.one<{ id: number }>('INSERT INTO stores (merchant_id, custom_id, name, created_at) VALUES (?, ?, ?, ?) RETURNING id', [merchant.id, `${name}-1`, `${name} store`, NOW]))!;
      await tx.run("INSERT INTO merchant_integrations (merchant_id, webhook_url, signing_app_id, updated_at) VALUES (?, 'https://merchant.example/hook', ?, ?)", [merchant.id, appId, NOW]);
      merchants.push({ id: merchant.id, storeId: store.id });
    }
    return { groupId: group.id, merchants, appId };
  });
}

const PROFILE: UserProfile = {
  account_id: 0, custom_id: '', name: 'Ann', gender: 2, birthday: '', phone_cc: 65, phone_number: '', email: '',
  marital_status: -1, has_baby: -1, has_beauty: -1, is_irritability: -1, target: {},
  agree_clause_ids: ['user_agreement', 'privacy_policy'], reject_clause_ids: [],
} as UserProfile;

function newUser(merchant: Tenants['merchants'][number]) {
  return { merchantId: merchant.id, clientUserId: `u-${randomBytes(6).toString('hex')}`, revision: 0, requestHash: 'h', storeId: merchant.storeId, profile: PROFILE, createdAt: CREATED, now: NOW };
}

function newReport(merchant: Tenants['merchants'][number], userId: number): NewReport {
  return {
    merchantId: merchant.id, sourceType: 'device20', clientReportId: `r-${randomBytes(6).toString('hex')}`, requestHash: 'h', userId, storeId: merchant.storeId,
    accountId: 0, deviceSn: 'DV-1', taskId: null, appId: 'app', apiCode: 'device_v', algorithmVariant: 'standard', lightSources: ['white'],
    images: {}, result: { type: 'skin', dimensions: [], overall_score: 80, not_measured: [], mask_format: 'annotation_image' },
    pageKey: randomBytes(16).toString('hex'), pageExpiresAt: NOW / 1000 + 3600, createdAt: CREATED,
  };
}

describe.each(SQL_BACKENDS)('report data repositories on %s', (backend) => {
  let test: TestDatabase;
  let tenants: Tenants;
  let store: ReportRepository;
  beforeAll(async () => {
    test = await openTestDatabase(backend);
    tenants = await seedTenants(test.db);
    store = new ReportRepository(test.db);
  });
  afterAll(() => test?.close());

  it('numbers customers and reports after the deleted ones, per merchant and source type', async () => {
    const [north, south] = tenants.merchants as [Tenants['merchants'][number], Tenants['merchants'][number]];
    const first = await store.inserting('users', (tx) => store.insertUser(tx, newUser(north)));
    await test.db.run("INSERT INTO deleted_clients (merchant_id, kind, client_id, source_type, number, deleted_at) VALUES (?, 'user', 'gone', '', 7, ?)", [north.id, NOW]);
    await test.db.run("INSERT INTO deleted_clients (merchant_id, kind, client_id, source_type, number, deleted_at) VALUES (?, 'report', 'gone-r', 'device20', 4, ?)", [north.id, NOW]);
    const second = await store.inserting('users', (tx) => store.insertUser(tx, newUser(north)));
    const elsewhere = await store.inserting('users', (tx) => store.insertUser(tx, newUser(south)));
    expect([first.user_no, second.user_no, elsewhere.user_no]).toEqual([1, 8, 1]);
    expect(second).toMatchObject({ consented: 1, store_custom_id: 'North-1', name: 'Ann' });

    const report = await store.inserting('reports', (tx) => store.insertReport(tx, newReport(north, second.id), NOW));
    expect(report).toMatchObject({ report_no: 5, user_no: 8, consented: 1, store_custom_id: 'North-1', source_type: 'device20' });
    expect(await store.reportByPageKey(report.page_key)).toEqual(report);
    expect(await store.isTaskReported(north.id, 'no-task')).toBe(false);
    expect(await store.isDeleted(north.id, 'user', 'gone')).toBe(true);
    expect(await store.names(north.id, north.storeId)).toEqual({ merchant: 'North', store: 'North store' });
  });

  it('saves integration settings and finds the app that signs for a merchant', async () => {
    const [north] = tenants.merchants;
    const integration = new IntegrationService(test.db, systemClock, []);
    const saved = await integration.update(north!.id, null, { crm_url: 'https://crm.example/search', webhook_enabled: false });
    expect(saved).toMatchObject({ crm_url: 'https://crm.example/search', webhook_enabled: false, signing_app_id: tenants.appId, webhook_url: 'https://merchant.example/hook' });
    expect(await integration.signer(north!.id)).toEqual({ appId: tenants.appId, secret: 'secret' });
    const merchants = await new IntegrationRepository(test.db).merchantsOf({ app_id: tenants.appId, app_secret: 'secret', level: 'group', group_id: tenants.groupId, merchant_id: null });
    expect(merchants.map((m) => m.id)).toEqual(tenants.merchants.map((m) => m.id));
    await integration.update(north!.id, null, { webhook_enabled: true });
  });

  it('hands a due event to one claimer; a lost claim records nothing; a release makes it due again', async () => {
    const [, south] = tenants.merchants;
    const user = await store.inserting('users', (tx) => store.insertUser(tx, newUser(south!)));
    const outbox = new Outbox(test.db, systemClock, [1000]);
    await test.db.transaction((tx) => outbox.enqueue(tx, { merchantId: south!.id, dataType: 'user', actionType: 'user.created', userId: user.id, data: { id: user.user_no } }));
    const head = (await outbox.dueHeads('overseas', 10)).find((e) => e.merchant_id === south!.id)!;
    const claims = await Promise.all([outbox.claim(head), outbox.claim(head)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const claimed = claims.find(Boolean)!;
    expect((await outbox.dueHeads('overseas', 10)).map((e) => e.id)).not.toContain(head.id);

    await outbox.release(claimed);
    const again = (await outbox.dueHeads('overseas', 10)).find((e) => e.id === head.id)!;
    expect(again.next_attempt_at).toBe(head.next_attempt_at);
    const mine = (await outbox.claim(again))!;
    // Another deliverer's stale claim cannot record its attempt.
    await outbox.recordAttempt({ ...mine, claim: mine.claim + 1 }, { delivered: true, httpStatus: 200, error: '', startedAt: NOW, durationMs: 1 });
    expect(await test.db.one('SELECT status FROM push_events WHERE id = ?', [head.id])).toEqual({ status: 'pending' });
    await outbox.recordAttempt(mine, { delivered: true, httpStatus: 200, error: '', startedAt: NOW, durationMs: 1 });
    expect(await test.db.one('SELECT status, attempts FROM push_events WHERE id = ?', [head.id])).toEqual({ status: 'delivered', attempts: 1 });
    expect(await test.db.one('SELECT COUNT(*) AS n FROM push_attempts WHERE event_id = ?', [head.id])).toEqual({ n: 1 });
  });
});

/** The concurrency aims of issue 14 for report data, with a second pool acting as a second process. */
describe('report data across two PostgreSQL pools', () => {
  let test: TestDatabase;
  let other: PostgresDatabase;
  let tenants: Tenants;
  beforeAll(async () => {
    test = await openTestDatabase('postgres');
    other = new PostgresDatabase(test.url!, { poolSize: 4 });
    tenants = await seedTenants(test.db);
  });
  afterAll(async () => {
    await other?.close();
    await test?.close();
  });

  it('pages a group pull while two pools insert reports: every row once, none skipped below the cursor', async () => {
    const pools = [test.db, other];
    const users = await Promise.all(tenants.merchants.map((m) => new ReportRepository(test.db).inserting('users', (tx) => new ReportRepository(test.db).insertUser(tx, newUser(m)))));
    // Stretches each writing transaction past its insert, as a report with its event does.
    const insert = (sql: SqlDatabase, index: number) =>
      new ReportRepository(sql).inserting('reports', async (tx) => {
        const merchant = tenants.merchants[index % 2]!;
        const row = await new ReportRepository(sql).insertReport(tx, newReport(merchant, users[index % 2]!.id), NOW);
        await tx.one('SELECT pg_sleep(?)', [Math.random() * 0.004]);
        return row.id;
      });
    const committed = new Set<number>();
    for (let i = 0; i < 40; i++) committed.add(await insert(test.db, i));

    let writing = true;
    // Four writers, two per pool, alternating between the group's two merchants.
    const writers = [0, 1, 2, 3].map(async (w) => {
      for (let i = 0; i < 45; i++) committed.add(await insert(pools[w % 2]!, w + i));
    });
    const allWritten = Promise.all(writers).then(() => (writing = false));

    const pull = new PullService(test.db, new ReportRepository(test.db), new IntegrationRepository(test.db), new LinkSigner(Buffer.alloc(32, 1)), Buffer.alloc(32, 2), systemClock, 'overseas');
    const seen: number[] = [];
    let next = '';
    let pages = 0;
    let committedBeforeLast = new Set<number>();
    do {
      committedBeforeLast = new Set(committed);
      const query = pullQuerySchema.parse({
        app_id: tenants.appId, sig: '0'.repeat(32), sig_time: String(NOW / 1000), begin: String(CREATED / 1000 - 60), end: String(CREATED / 1000 + 60),
        data_type: 'report', source_type: 'device20', limit: '3', ...(next ? { next } : {}),
      });
      const caller: PullCaller = { query, appId: tenants.appId, merchantIds: tenants.merchants.map((m) => m.id) };
      const page = await pull.page(caller, 'http://platform.test', NOW / 1000);
      pages++;
      const ids = await Promise.all((page.lists as { id: number; merchant_id: number }[]).map(async (item) => (await test.db.one<{ id: number }>('SELECT id FROM reports WHERE merchant_id = ? AND report_no = ? AND source_type = ?', [item.merchant_id, item.id, 'device20']))!.id));
      seen.push(...ids);
      next = page.next;
    } while (next);
    const pagedWhileWriting = writing;
    await allWritten;

    expect(new Set(seen).size).toBe(seen.length);
    // Everything committed before the last page began was on some page.
    for (const id of committedBeforeLast) expect(seen).toContain(id);
    // And no row the walk went past turned up later below the cursor.
    const last = Math.max(...seen);
    const below = (await test.db.all<{ id: number }>("SELECT id FROM reports WHERE source_type = 'device20' AND id <= ? ORDER BY id", [last])).map((r) => r.id);
    expect([...seen].sort((a, b) => a - b)).toEqual(below);
    expect(pages).toBeGreaterThan(5);
    expect(pagedWhileWriting).toBe(true);
  }, 60_000);

  it('sends each outbox event once with two deliverers on two pools, in order per merchant', async () => {
    const store = new ReportRepository(test.db);
    const users = await Promise.all(tenants.merchants.map((m) => store.inserting('users', (tx) => store.insertUser(tx, newUser(m)))));
    const deliverers = [new Outbox(test.db, systemClock, [10]), new Outbox(other, systemClock, [10])];
    const events: string[] = [];
    for (let i = 0; i < 30; i++) {
      const index = i % 2;
      const merchant = tenants.merchants[index]!;
      const eventId = await test.db.transaction((tx) =>
        deliverers[0]!.enqueue(tx, { merchantId: merchant.id, dataType: 'user', actionType: 'user.updated', userId: users[index]!.id, data: { id: users[index]!.user_no, n: i } }),
      );
      events.push(eventId!);
    }
    const sent: { by: number; eventId: string; merchantId: number; n: number }[] = [];
    const run = async (by: number) => {
      const outbox = deliverers[by]!;
      for (let idle = 0; idle < 20; ) {
        const heads = (await outbox.dueHeads('overseas', 10)).filter((h) => events.includes(h.event_id));
        if (heads.length === 0) {
          idle++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        idle = 0;
        await Promise.all(
          heads.map(async (head) => {
            const claimed: ClaimedEvent | undefined = await outbox.claim(head);
            if (!claimed) return;
            sent.push({ by, eventId: claimed.event_id, merchantId: claimed.merchant_id, n: (JSON.parse(claimed.data) as { n: number }).n });
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
            await outbox.recordAttempt(claimed, { delivered: true, httpStatus: 200, error: '', startedAt: Date.now(), durationMs: 1 });
          }),
        );
      }
    };
    await Promise.all([run(0), run(1)]);

    expect(sent.map((s) => s.eventId).sort()).toEqual([...events].sort());
    for (const merchant of tenants.merchants) {
      const order = sent.filter((s) => s.merchantId === merchant.id).map((s) => s.n);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    // Both pools took part: the claim, not luck, kept them apart.
    expect(new Set(sent.map((s) => s.by)).size).toBe(2);
    const rows = await test.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM push_attempts a JOIN push_events e ON e.id = a.event_id WHERE e.action_type = 'user.updated'");
    expect(rows[0]!.n).toBe(30);
  }, 60_000);
});
