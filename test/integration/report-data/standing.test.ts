import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { SkinResult } from '../../../protocol/skin-api/task-result.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { StandingRepository } from '../../../platform/report-data/standing-repository.ts';
import { StandingService } from '../../../platform/report-data/standing.ts';
import type { UserRow } from '../../../platform/report-data/report-repository.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { clientId, succeededTask, syncUser } from './helpers.ts';

/**
 * POST /device_api/standing (D-066) on a seeded population: the percentile counts only the same
 * merchant's other consenting customers of the same age band at their latest visit, and only
 * where that visit measured the dimension; below the least group there is no figure.
 */

/** Scores of the measured dimensions; the others listed as not measured. */
function result(scores: Partial<Record<DimensionId, number>>, notMeasured: DimensionId[] = []): SkinResult {
  const dimensions = Object.entries(scores).map(([dimension, score]) => ({ dimension: dimension as DimensionId, level: 1, score: score, confidence: 0.9, annotations: [] }));
  return {
    type: 'skin',
    dimensions,
    overall_score: dimensions.reduce((sum, d) => sum + d.score, 0) / Math.max(1, dimensions.length),
    mask_format: 'annotation_image',
    not_measured: notMeasured.map((dimension) => ({ dimension, reason: 'resolution' as const, detail: 'test' })),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return (error as PlatformError).code;
}

describe('where the customer stands (POST /device_api/standing)', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 10, 8)); // 2026-05-10
  let tp: TestPlatform;
  let app: DemoApp;
  let client: PlatformClient;
  let merchantId: number;
  let asking: UserRow;
  let askingTask: string;

  /** A customer of a merchant (consenting unless told), as the kiosk registers them. */
  async function customer(on: PlatformClient, birthday: string | undefined, consenting = true, storeOf = app): Promise<UserRow> {
    const store = (await tp.platform.services.sql.one<{ custom_id: string }>('SELECT custom_id FROM stores WHERE merchant_id = ? ORDER BY id LIMIT 1', [Number(storeOf.merchant_id)]))!;
    const answer = await syncUser(on, { birthday, store_custom_id: store.custom_id, ...(consenting ? {} : { agree_clause_ids: [] }) });
    return (await tp.platform.services.reportData.store.userByClientId(Number(answer.user.merchant_id), answer.client_user_id))!;
  }

  /** A report of the customer at a capture date, written through the platform's own store. */
  async function visit(user: UserRow, day: string, skin: SkinResult, taskId: string | null = null): Promise<void> {
    const { reportData, clock: now } = tp.platform.services;
    const store = (await tp.platform.services.sql.one<{ id: number }>('SELECT id FROM stores WHERE merchant_id = ? ORDER BY id LIMIT 1', [user.merchant_id]))!;
    await reportData.store.inserting('reports', (tx) =>
      reportData.store.insertReport(
        tx,
        {
          merchantId: user.merchant_id, sourceType: 'device20', clientReportId: clientId('report'), requestHash: 'seed', userId: user.id, storeId: store.id, accountId: 0,
          deviceSn: 'DV-1', taskId, appId: 'seed', apiCode: 'device_v', algorithmVariant: 'standard', lightSources: ['white'], images: {}, result: skin,
          pageKey: randomBytes(16).toString('hex'), pageExpiresAt: 2_000_000_000, createdAt: Date.parse(`${day}T10:00:00Z`),
        },
        now.now(),
      ),
    );
  }

  function ask(clientUserId: string, taskId: string, on = client) {
    return on.call(deviceSyncEndpoints.standing, { body: { client_user_id: clientUserId, task_id: taskId } });
  }

  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { analysisWorkers: 1 } });
    app = tp.app('primary');
    client = tp.client(app);
    merchantId = Number(app.merchant_id);

    // The customer asking: 35 at the analysis (band 30–39); an earlier visit of theirs never counts.
    asking = await customer(client, '1990-05-17');
    await visit(asking, '2025-11-01', result({ pore: 0, acne: 0, speckle: 0 }));
    askingTask = await succeededTask(tp, merchantId, {}, result({ pore: 60, acne: 80, speckle: 50 }, ['water']));

    // In the band: 18 customers with pores 50..67; the first 10 of them also measured speckles (45..54).
    for (let i = 0; i < 18; i++) {
      const peer = await customer(client, `19${87 + (i % 8)}-01-15`);
      await visit(peer, '2026-03-02', result(i < 10 ? { pore: 50 + i, acne: 80, speckle: 45 + i } : { pore: 50 + i, acne: 80 }));
    }
    // 39 at the visit though 40 today: counted (the age at the visit decides).
    await visit(await customer(client, '1986-03-01'), '2025-12-01', result({ pore: 60, acne: 80 }));
    // Several visits: only the latest counts (pore 40; acne not measured there, so not counted for acne).
    const regular = await customer(client, '1991-07-07');
    await visit(regular, '2025-01-01', result({ pore: 99, acne: 99 }));
    await visit(regular, '2026-04-01', result({ pore: 40 }, ['acne']));
    // Latest visit did not measure pores: counted for acne only, the earlier pore score is not used.
    const unmeasured = await customer(client, '1992-02-02');
    await visit(unmeasured, '2025-02-01', result({ pore: 99, acne: 80 }));
    await visit(unmeasured, '2026-02-01', result({ acne: 80 }, ['pore']));

    // Not in the group: 29 at the visit (30 today), older customers, no consent, another merchant.
    await visit(await customer(client, '1996-03-01'), '2025-12-01', result({ pore: 0, acne: 0, speckle: 0 }));
    for (const birthday of ['1981-01-01', '1980-06-06', '1979-09-09']) await visit(await customer(client, birthday), '2026-01-10', result({ pore: 0, acne: 0, speckle: 0 }));
    await visit(await customer(client, '1990-01-01', false), '2026-01-10', result({ pore: 0, acne: 0, speckle: 0 }));
    const other = tp.client(tp.app('second'));
    for (let i = 0; i < 25; i++) await visit(await customer(other, '1990-01-01', true, tp.app('second')), '2026-01-10', result({ pore: 0, acne: 0, speckle: 0 }));
  }, 120_000);
  afterAll(() => tp.stop());

  it('answers the percentile per measured dimension among the same band, each customer once', async () => {
    const answer = await ask(asking.client_user_id, askingTask);
    expect(answer.age_band).toEqual({ from: 30, to: 39 });
    expect(answer.min_group_size).toBe(20);
    expect(answer.dimensions).toEqual([
      // 20 people: 40 and 50..59 below (11), two at 60: (11 + 1) / 20.
      { dimension: 'pore', percentile: 60 },
      // 20 people, all at 80: the middle.
      { dimension: 'acne', percentile: 50 },
      // Only 10 measured speckle: too few to say.
      { dimension: 'speckle', percentile: null },
    ]);
    // Nothing about anyone else: the band, the minimum and percentiles only.
    expect(Object.keys(answer).sort()).toEqual(['age_band', 'dimensions', 'min_group_size']);
  });

  it('gives a figure for a smaller group when the platform is configured lower (never below 10)', async () => {
    const { sql, reportData, clock: now, tasks } = tp.platform.services;
    const lower = new StandingService(now, reportData.store, new StandingRepository(sql), tasks, 10);
    const answer = await lower.standing(merchantId, { client_user_id: asking.client_user_id, task_id: askingTask });
    // 45..54: five below 50, one equal: (5 + 0.5) / 10.
    expect(answer.dimensions.find((d) => d.dimension === 'speckle')).toEqual({ dimension: 'speckle', percentile: 55 });
  });

  it('compares a customer without a birthday with every age', async () => {
    const unknown = await customer(client, undefined);
    const task = await succeededTask(tp, merchantId, {}, result({ pore: 60 }));
    const answer = await ask(unknown.client_user_id, task);
    expect(answer.age_band).toBeNull();
    // 25 consenting others with a measured pore: 16 below (incl. the 29-year-old, the three
    // older ones and the asking customer's latest visit at 0), two at 60: (16 + 1) / 25.
    expect(answer.dimensions).toEqual([{ dimension: 'pore', percentile: 68 }]);
  });

  it('refuses what it cannot answer with the device sync codes', async () => {
    expect(await codeOf(ask(clientId('nobody'), askingTask))).toBe(46203);
    // Another merchant's task is as unknown as none.
    const foreignTask = await succeededTask(tp, Number(tp.app('second').merchant_id), {}, result({ pore: 60 }));
    expect(await codeOf(ask(asking.client_user_id, foreignTask))).toBe(46204);
    expect(await codeOf(ask(asking.client_user_id, `t${randomBytes(8).toString('hex')}`))).toBe(46204);
    const failed = await succeededTask(tp, merchantId, {}, result({ pore: 60 }));
    await tp.platform.services.sql.run("UPDATE tasks SET status = 'failed', result = NULL WHERE id = ?", [failed]);
    expect(await codeOf(ask(asking.client_user_id, failed))).toBe(46204);

    // A task reported for one customer cannot be asked about for another.
    const owner = await customer(client, '1990-01-01');
    const reported = await succeededTask(tp, merchantId, {}, result({ pore: 60 }));
    await visit(owner, '2026-05-10', result({ pore: 60 }), reported);
    expect(await codeOf(ask(asking.client_user_id, reported))).toBe(46204);
    expect((await ask(owner.client_user_id, reported)).dimensions).toHaveLength(1);

    // Deleted on request: refused as on every device endpoint.
    const gone = await customer(client, '1990-01-01');
    await client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: gone.client_user_id } });
    expect(await codeOf(ask(gone.client_user_id, askingTask))).toBe(46208);
  });

  it('answers malformed input 400 and no token 1001, in the envelope', async () => {
    const token = await client.accessToken();
    const bad = await request(`${tp.platform.url}/device_api/standing`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify({ client_user_id: 'x', task_id: askingTask }) });
    const badBody = (await bad.body.json()) as { meta: { code: number; error: string } };
    expect([bad.statusCode, badBody.meta.code]).toEqual([400, 400]);
    expect(badBody.meta.error).toContain('client_user_id');
    const anonymous = await request(`${tp.platform.url}/device_api/standing`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_user_id: asking.client_user_id, task_id: askingTask }) });
    expect(((await anonymous.body.json()) as { meta: { code: number } }).meta.code).toBe(1001);
  });
});
