import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';

const FLOOD = 8;

/**
 * Issue 15 item 4, second level (D-085): a merchant's stores take turns. One analysis worker, a
 * real platform (its SQLite claim loop; the shared queue and graphile-worker in the PostgreSQL
 * run): store A1 sends a flood, store B1 of the same merchant one task after it. B1's task runs
 * at the first turn after it was created, not after the flood.
 */
describe('stores of one merchant take turns on a real platform', () => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await startTestPlatform({ config: { analysisWorkers: 1 } });
    // A warm worker starts the flood's first task at once, as a platform in service does.
    await test.platform.services.analysis.whenReady();
  }, 60_000);
  afterAll(async () => {
    await test?.stop();
  });

  it("runs a store's one task at the next turn while another store of the merchant has a flood queued", async () => {
    const client = test.client(test.app('primary'));
    const resources = await uploadResources(client, ['front_image']);
    const create = async (store: string) =>
      (await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources, metadata: { store_custom_id: store } } })).task_id;
    const flood: string[] = [];
    for (let i = 0; i < FLOOD; i++) flood.push(await create('A1'));
    const late = await create('B1');
    for (const id of [...flood, late]) expectSucceeded(await waitForTask(client, id));

    const rows = await test.platform.services.sql.all<{ id: string; created_at: number; started_at: number }>(
      `SELECT id, created_at, started_at FROM tasks WHERE id IN (${[...flood, late].map(() => '?').join(', ')})`,
      [...flood, late],
    );
    const b = rows.find((row) => row.id === late)!;
    const floodRows = rows.filter((row) => row.id !== late);
    // At most one task of the flood started between B1's creation and its start: the one whose
    // turn came first when neither store had started any (oldest first), or none.
    expect(floodRows.filter((row) => Number(row.started_at) > Number(b.created_at) && Number(row.started_at) < Number(b.started_at)).length).toBeLessThanOrEqual(1);
    // And most of the flood was still waiting then (its tasks take far longer than a creation).
    expect(floodRows.filter((row) => Number(row.started_at) > Number(b.started_at)).length).toBeGreaterThanOrEqual(FLOOD / 2);
    // The flood ran in the order it was sent.
    const started = [...floodRows].sort((x, y) => Number(x.started_at) - Number(y.started_at)).map((row) => row.id);
    expect(started).toEqual(flood);
  }, 120_000);
});
