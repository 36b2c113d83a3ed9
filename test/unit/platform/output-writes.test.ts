// A task's output files (annotation images: 7 for online_skin, dozens for a multi-light task) are
// written to the object store a few at a time (D-109): each write waits on the store's round trip,
// not on the worker. Each file still lands under its own key with the record pointing at it, and
// a write that fails stops the writes not yet started and fails the task; the task counts as
// waiting for the store (D-099's gauge) while any of its writes waits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskDispatcher } from '../../../platform/analysis/dispatcher.ts';
import type { ImageSource } from '../../../platform/analysis/image-source.ts';
import type { JobFile, JobResult } from '../../../platform/analysis/job-types.ts';
import { TaskQueue } from '../../../platform/analysis/task-queue.ts';
import type { WorkerPool } from '../../../platform/analysis/worker-pool.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { LocalObjectStore } from '../../../platform/objects/local-object-store.ts';
import { ObjectStoreUnavailableError, type ObjectStore } from '../../../platform/objects/object-store.ts';
import { TaskService } from '../../../platform/skin-api/task-service.ts';
import type { UploadService } from '../../../platform/skin-api/upload-service.ts';
import { OUTPUT_PATH } from '../../../platform/skin-api/task-presenter.ts';
import { openTestDatabase, type TestDatabase } from '../../helpers/sql-backends.ts';

/** A result kind the pool runs as one job ('task'); the photo is outside the platform. */
const FACIAL = { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: 'https://images.example/a.jpg' } };
const NO_UPLOADS = { storedFile: async () => undefined } as unknown as UploadService;
const PHOTO: ImageSource = { download: async () => new Uint8Array([0xff, 0xd8, 0xff]) } as unknown as ImageSource;
const FILES = 10;

/** One analysis thread whose answer is a record naming `files` by `file:<name>`. */
function poolAnswering(files: JobFile[]): WorkerPool {
  const result: JobResult = { record: { annotations: files.map((file) => `file:${file.name}`) }, files };
  let busy = 0;
  return {
    get idle() {
      return 1 - busy;
    },
    async run() {
      busy += 1;
      await sleep(1);
      busy -= 1;
      return result;
    },
  } as unknown as WorkerPool;
}

/** The real local store, each put held 20 ms (a store's round trip), counting the puts at once; `failAt` (1-based) throws. */
function countingStore(root: string, failAt?: number): { store: ObjectStore; started: () => number; mostAtOnce: () => number } {
  const local = new LocalObjectStore(root);
  let started = 0;
  let running = 0;
  let most = 0;
  const store = Object.create(local) as ObjectStore;
  store.put = async (key: string, bytes: Buffer) => {
    const n = ++started;
    running += 1;
    most = Math.max(most, running);
    try {
      await sleep(20);
      if (n === failAt) throw new Error('disk full');
      await local.put(key, bytes);
    } finally {
      running -= 1;
    }
  };
  return { store, started: () => started, mostAtOnce: () => most };
}

describe('a task writes its output files a few at a time', () => {
  let test: TestDatabase | undefined;
  let root: string | undefined;
  let dispatcher: TaskDispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    await test?.close();
    if (root) rmSync(root, { recursive: true, force: true });
    dispatcher = test = root = undefined;
  });

  async function run(failAt?: number, options: { files?: number; store?: (root: string) => ObjectStore; whileRunning?: (dispatcher: TaskDispatcher, root: string) => Promise<void> } = {}) {
    test = await openTestDatabase('sqlite');
    root = mkdtempSync(join(tmpdir(), 'output-writes-'));
    const { db } = test;
    const clock = new ManualClock(Date.UTC(2026, 5, 1));
    const now = clock.now();
    const group = await db.one<{ id: number }>('INSERT INTO groups (name, created_at) VALUES (?, ?) RETURNING id', ['g', now]);
    const merchant = await db.one<{ id: number }>("INSERT INTO merchants (group_id, name, region, created_at) VALUES (?, ?, 'overseas', ?) RETURNING id", [group!.id, 'm', now]);
    await db.run('INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at) VALUES (?, ?, ?, ?, ?)', [merchant!.id, now - 1000, now + 86_400_000, 10, now]);
    const counting = countingStore(root, failAt);
    const store = options.store?.(root) ?? counting.store;
    const id = await new TaskService(db, clock, NO_UPLOADS, store, () => {}).create(merchant!.id, 'app', FACIAL, undefined, []);
    const files = Array.from({ length: options.files ?? FILES }, (_, i) => ({ name: `mark-${i}.png`, mime: 'image/png', bytes: new Uint8Array([i, i, i]) }));
    dispatcher = new TaskDispatcher(new TaskQueue(db, clock, 'overseas'), poolAnswering(files), PHOTO, store, pino({ level: 'silent' }), 600_000, () => clock.now());
    dispatcher.start();
    await options.whileRunning?.(dispatcher, root);
    let row: { status: string; result: string | null; error_code: number | null } | undefined;
    for (let waited = 0; waited < 10_000 && !(row && row.status !== 'queued' && row.status !== 'running'); waited += 20) {
      await sleep(20);
      row = await db.one('SELECT status, result, error_code FROM tasks WHERE id = ?', [id]);
    }
    return { row: row!, counting, local: new LocalObjectStore(root) };
  }

  it('writes every file under its own key, at most four at once, and points the record at each', async () => {
    const { row, counting, local } = await run();
    expect(row.status).toBe('succeeded');
    expect(counting.started()).toBe(FILES);
    // Side by side (one at a time would read 1), within the bound.
    expect(counting.mostAtOnce()).toBe(4);
    const paths = (JSON.parse(row.result!) as { annotations: string[] }).annotations;
    expect(paths).toHaveLength(FILES);
    for (const [i, path] of paths.entries()) {
      expect(path.startsWith(`${OUTPUT_PATH}/`) && path.endsWith(`-mark-${i}.png`)).toBe(true);
      expect([...(await local.read(path.slice(OUTPUT_PATH.length + 1)))]).toEqual([i, i, i]);
    }
  });

  it('stops starting writes after one fails, and fails the task', async () => {
    const { row, counting } = await run(2);
    expect(row.status).toBe('failed');
    expect(row.error_code).toBe(45199);
    // The four first writes were under way when the second failed; none started after.
    expect(counting.started()).toBeLessThanOrEqual(5);
  });

  it('counts the task as waiting for the store while any of its writes waits', async () => {
    // The store goes away after the first file: the next three writes fail at once. On its retry
    // the second file goes through while the third and fourth hang a second before failing again;
    // then the store is back for all.
    let back = false;
    const tries = new Map<string, number>();
    const flaky = (root: string): ObjectStore => {
      const local = new LocalObjectStore(root);
      const store = Object.create(local) as ObjectStore;
      store.put = async (key: string, bytes: Buffer) => {
        // The file's name follows the task id: `<partition>-<day>-<32 hex>.<task>-<name>` (output-keys.ts).
        const name = /^[^.]+\.[0-9a-z]+-(.+)$/.exec(key)![1]!;
        const n = (tries.get(name) ?? 0) + 1;
        tries.set(name, n);
        if (!back && name !== 'mark-0.png' && !(name === 'mark-1.png' && n > 1)) {
          await sleep(n > 1 ? 1000 : 20);
          throw new ObjectStoreUnavailableError(new Error('connection refused'));
        }
        await local.put(key, bytes);
      };
      return store;
    };
    const seen: number[] = [];
    const { row } = await run(undefined, {
      files: 4,
      store: flaky,
      whileRunning: async (running) => {
        // All three waiting, then the second written (its first wait ends at 250 ms) with the others still waiting.
        await vi.waitFor(() => expect(tries.get('mark-1.png')).toBe(2), { timeout: 5000, interval: 10 });
        await sleep(100);
        seen.push(running.waitingForStorage);
        back = true;
      },
    });
    expect(seen).toEqual([1]);
    expect(row.status).toBe('succeeded');
    expect(dispatcher!.waitingForStorage).toBe(0);
  });
});
