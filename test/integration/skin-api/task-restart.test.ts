import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { PlatformClient } from '../../../main/platform-client/client.ts';
import { SqliteDatabase } from '../../../platform/storage/sqlite-database.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import { platformDatabaseFor } from '../../helpers/postgres.ts';
import { startPlatformProcess, type PlatformProcess } from '../../helpers/platform-process.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';

interface DemoApp {
  app_id: string;
  app_secret: string;
  merchant_id: string | null;
  merchant_name: string | null;
}

describe('a task running when the platform dies', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-restart-'));
  let running: PlatformProcess | null = null;
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is run again after a restart, finishes exactly once and is charged exactly once', async () => {
    running = await startPlatformProcess(dataDir, 0);
    const port = Number(new URL(running.url).port);
    const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { apps: DemoApp[] };
    const app = creds.apps.find((a) => a.merchant_name === 'Lumen Skin Studio')!;
    const client = new PlatformClient({ addresses: { cn: running.url, overseas: running.url }, region: 'overseas', appId: app.app_id, appSecret: app.app_secret });
    const resources = await uploadResources(client, ['front_image']);
    // The committed rows, read through a connection of our own as an operator would.
    const url = await platformDatabaseFor(dataDir);
    const db = url ? new PostgresDatabase(url, { poolSize: 1 }) : new SqliteDatabase(new Database(join(dataDir, 'platform.sqlite'), { readonly: true, fileMustExist: true }));
    const quota = () => db.one<{ quota_used: number; quota_reserved: number }>('SELECT quota_used, quota_reserved FROM skin_orders WHERE merchant_id = ?', [Number(app.merchant_id)]);
    const before = (await quota())!;

    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources } });
    const status = async () => (await db.one<{ status: string; attempts: number; quota_charged: number }>('SELECT status, attempts, quota_charged FROM tasks WHERE id = ?', [task_id]))!;
    const deadline = Date.now() + 30_000;
    while ((await status()).status !== 'running') {
      if (Date.now() > deadline) throw new Error(`task never ran: ${JSON.stringify(await status())}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await running.kill();
    expect(await status()).toMatchObject({ status: 'running', attempts: 1, quota_charged: 0 });
    expect(await quota()).toEqual({ quota_used: before.quota_used, quota_reserved: before.quota_reserved + 1 });

    running = await startPlatformProcess(dataDir, port);
    const result = expectSucceeded(await waitForTask(client, task_id, 60_000));
    expect(result.result.type).toBe('skin');
    expect(await status()).toMatchObject({ status: 'succeeded', attempts: 2, quota_charged: 1 });
    expect(await quota()).toEqual({ quota_used: before.quota_used + 1, quota_reserved: before.quota_reserved });
    expect(await db.one('SELECT COUNT(*) AS n FROM tasks')).toEqual({ n: 1 });
    await db.close();
    await client.close();
  }, 120_000);
});
