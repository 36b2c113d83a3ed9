import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { openPlatformDatabase } from '../../../platform/storage/database.ts';
import { startTestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';

/**
 * A task still running when the grace period of a shutdown ends is handed back to the queue at
 * once, its try not counted (D-053), instead of staying "running" until its lease runs out.
 */
describe('shutdown with a task running', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('hands the task back to the queue when the grace period is over', async () => {
    const test = await startTestPlatform({ dataDir, config: { analysisWorkers: 1, shutdownGraceSeconds: 0 } });
    const client = test.client(test.app('primary'));
    const resources = await uploadResources(client, ['front_image']);
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources } });
    const status = () => test.platform.services.sql.one<{ status: string; attempts: number }>('SELECT status, attempts FROM tasks WHERE id = ?', [task_id]);
    const deadline = Date.now() + 30_000;
    while ((await status())?.status !== 'running') {
      if (Date.now() > deadline) throw new Error(`task never ran: ${JSON.stringify(await status())}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await test.stop();
    const db = await openPlatformDatabase({ dataDir, databaseUrl: test.platform.services.config.databaseUrl });
    try {
      expect(await db.one('SELECT status, attempts, lease_until FROM tasks WHERE id = ?', [task_id])).toEqual({ status: 'queued', attempts: 1, lease_until: null });
    } finally {
      await db.close();
    }
  }, 90_000);
});
