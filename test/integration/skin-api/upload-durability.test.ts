/**
 * Uploads are answered once written and visible, and made durable when a task that needs them
 * is accepted (D-031). An upload lost before that (a power loss between the upload's answer and
 * the disk's writeback) is caught at task creation with 45013, so the client uploads again,
 * instead of a task that fails later on a missing or cut-short image.
 */
import { mkdtempSync, rmSync, truncateSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import { LocalObjectStore } from '../../../platform/objects/local-object-store.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { FACE_JPEG, uploadResources } from '../../helpers/uploads.ts';
import { PlatformDbReader, refusal } from './skin-api-fixtures.ts';

const objectPath = (tp: TestPlatform, url: string): string => {
  const key = url.slice(url.lastIndexOf('/') + 1);
  return new LocalObjectStore(join(tp.dataDir, 'objects')).pathOf(key);
};

describe('upload durability at task acceptance', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let db: PlatformDbReader;
  let merchantId: string;
  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1 } });
    const app = tp.app('primary');
    client = tp.client(app);
    merchantId = String(app.merchant_id);
    db = new PlatformDbReader(tp.platform.services.sql);
  });
  afterAll(async () => {
    await tp.stop();
  });

  const createTask = (front: string) =>
    client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: front } } });

  it('accepts a task whose uploads are whole', async () => {
    const { front_image } = await uploadResources(client, ['front_image']);
    expect((await createTask(front_image!)).task_id).toMatch(/^[0-9a-z]{29}$/);
  });

  it.each([
    ['gone', (path: string) => unlinkSync(path)],
    ['cut short', (path: string) => truncateSync(path, 100)],
  ])('refuses with 45013 and charges nothing when an uploaded file is %s', async (_kind, lose) => {
    const { front_image } = await uploadResources(client, ['front_image']);
    lose(objectPath(tp, front_image!));
    const before = await db.counters(merchantId);
    const tasks = await db.taskCount(merchantId);

    const refused = await refusal(createTask(front_image!));
    expect(refused.code).toBe(TaskCodes.RESOURCE_LOST.code);
    expect(refused.response).toEqual({});
    expect(await db.counters(merchantId)).toEqual(before);
    expect(await db.taskCount(merchantId)).toBe(tasks);

    // A new policy and the same bytes again: the task goes through.
    const again = await uploadResources(client, ['front_image'], FACE_JPEG);
    expect((await createTask(again.front_image!)).task_id).toMatch(/^[0-9a-z]{29}$/);
  });
});

describe('LocalObjectStore.persist', () => {
  it('reports missing and cut-short objects and flushes the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'objects-'));
    try {
      const store = new LocalObjectStore(root);
      await store.put('aa-whole.jpg', Buffer.from('0123456789'));
      await store.put('bb-short.jpg', Buffer.from('0123'));
      const lost = await store.persist([
        { key: 'aa-whole.jpg', size: 10 },
        { key: 'bb-short.jpg', size: 10 },
        { key: 'cc-never.jpg', size: 10 },
      ]);
      expect(lost.sort()).toEqual(['bb-short.jpg', 'cc-never.jpg']);
      expect((await store.read('aa-whole.jpg')).toString()).toBe('0123456789');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
