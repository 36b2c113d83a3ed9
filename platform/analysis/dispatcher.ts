import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { resultKindOf, type ImageKey } from '../../protocol/skin-api/api-codes.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import type { StoredTaskRequest } from '../skin-api/task-service.ts';
import { newOutputKey } from '../skin-api/output-keys.ts';
import { OUTPUT_PATH } from '../skin-api/task-presenter.ts';
import { ImageFetchError } from './fetch-image.ts';
import { eachAtMost } from './each-at-most.ts';
import { isOutage, throughOutage } from './outage-wait.ts';
import type { ImageSource } from './image-source.ts';
import { resourceKeyInPath } from '../skin-api/resource-address.ts';
import type { JobFile, JobResult, TaskJobPayload } from './job-types.ts';
import { assembleSkinResult, skinViewJobs } from './skin-task.ts';
import type { TaskQueue, ClaimedTask } from './task-queue.ts';
import { JobFailedError, JobTimeoutError, type WorkerPool } from './worker-pool.ts';

/** decision: a running task holds its lease a minute past its time limit; then it is abandoned. */
const LEASE_MARGIN_MS = 60_000;
/**
 * D-056: a lease is renewed every sweep while its runner lives, so it can be short: a process that
 * died leaves its tasks to the others (or to its own next start) within this time.
 */
const LIVE_LEASE_MS = 30_000;
const SWEEP_MS = 5_000;
/** A task's output files written at once (D-109). */
const OUTPUT_WRITES_AT_ONCE = 4;

/** A claimed task this process runs: its attempt, when its lease may be renewed no longer, its run. */
interface Held {
  readonly attempt: number;
  readonly leaseLimit: number;
  done?: Promise<void>;
}

/**
 * The shared queue's side of a dispatcher on PostgreSQL (D-073): jobs bring tasks to runTask()
 * instead of the claim loop, and tasks given back or found without a job get a job again.
 */
export interface SharedQueueHooks {
  /** A task handed back to the queue (stop), or not taken by a stopping worker: add its job again. */
  requeued(taskId: string): Promise<void>;
  /**
   * A job ran another task of its merchant than the one it names (D-085): the task it names,
   * still queued, takes over the job of the task that ran.
   */
  handOver(jobTaskId: string, ranTaskId: string, merchantId: number): Promise<void>;
  /** After each sweep: queued tasks without a job (a crashed node's) get one. */
  afterSweep(): Promise<unknown>;
}

/** A store call of a running task, waiting out an outage of the store or the database (D-099). */
type StoreCall = <T>(step: () => Promise<T>) => Promise<T>;

/** Told of every task this process finished: its api_code, outcome and run time (metrics, D-053). */
export type TaskFinishedListener = (apiCode: string, status: 'succeeded' | 'failed', ms: number) => void;

/**
 * Moves queued tasks into the worker pool and their results back into the queue. Woken when a
 * task is created, and by a timer that also renews the leases of the tasks it runs and reclaims
 * abandoned ones. Stopping lets running tasks finish within a grace period and hands the others
 * back to the queue (D-053); after a crash, the next start (SQLite) or the end of their lease
 * (PostgreSQL) does (D-019, D-056).
 */
export class TaskDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Past the stop's grace period: results still arriving are dropped, their tasks were handed back. */
  private abandoned = false;
  /** Aborted with `abandoned`: ends the waits of tasks that wait out a store outage (D-099). */
  private readonly abandon = new AbortController();
  onTaskFinished: TaskFinishedListener | null = null;
  private waking = false;
  private wakeAgain = false;
  /** Tasks claimed whose jobs are not yet submitted to the pool. */
  private starting = 0;
  private readonly held = new Map<string, Held>();
  /** Tasks waiting for the store or the database to come back (D-099), for the metrics: by task, its calls waiting. */
  private readonly storageWaits = new Map<string, number>();
  /** Settles when the start's requeue is done: claims wait for it, or it could requeue them. */
  private started: Promise<void> = Promise.resolve();
  /** Set on PostgreSQL: the shared queue feeds runTask() and the claim loop stays off. */
  shared: SharedQueueHooks | null = null;

  constructor(
    private readonly queue: TaskQueue,
    private readonly pool: WorkerPool,
    private readonly images: ImageSource,
    private readonly objects: ObjectStore,
    private readonly log: FastifyBaseLogger,
    /** Limit of one job (configuration analysisTaskTimeoutMs, the specification's 600 s). */
    private readonly taskTimeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.started = this.queue
      .requeueInterrupted()
      .then((requeued) => {
        if (requeued > 0) this.log.warn({ requeued }, 'tasks interrupted by the last stop are queued again');
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'interrupted tasks could not be queued again'));
    this.timer = setInterval(() => {
      void this.sweep()
        .catch((error: unknown) => this.log.error({ err: error }, 'task leases could not be renewed or reclaimed'))
        .finally(() => this.wake());
    }, SWEEP_MS);
    this.timer.unref();
    this.wake();
  }

  /** Tasks this process is running now (the queue gauge reads the database, this is per node). */
  get active(): number {
    return this.held.size;
  }

  /** Of those, the tasks waiting out a store or database outage (D-099). */
  get waitingForStorage(): number {
    return this.storageWaits.size;
  }

  /**
   * Stops taking work, waits up to `graceMs` for the running tasks to finish (their leases still
   * renewed), then hands the rest back to the queue at once, so another node (or the next start)
   * runs them without waiting for their lease to run out (D-053).
   */
  async stop(graceMs = 0): Promise<void> {
    this.stopped = true;
    const runs = [...this.held.values()].flatMap((held) => (held.done ? [held.done] : []));
    if (runs.length > 0 && graceMs > 0) {
      const timer = new AbortController();
      await Promise.race([Promise.allSettled(runs), sleep(graceMs, undefined, { signal: timer.signal }).catch(() => {})]);
      timer.abort();
    }
    this.abandoned = true;
    this.abandon.abort();
    if (this.timer) clearInterval(this.timer);
    await this.started;
    const handedBack = await Promise.all(
      [...this.held].map(async ([id, held]) => {
        const back = await this.queue.handBack(id, held.attempt).catch(() => false);
        if (back) await this.shared?.requeued(id).catch((error: unknown) => this.log.warn({ err: error, task_id: id }, 'job of a handed-back task not added; the orphan sweep will'));
        return back;
      }),
    );
    this.held.clear();
    const count = handedBack.filter(Boolean).length;
    if (count > 0) this.log.info({ tasks: count }, 'running tasks handed back to the queue');
  }

  private async sweep(): Promise<void> {
    const now = this.now();
    for (const [id, held] of this.held) {
      // A task past its time limit and margin keeps no lease: it is abandoned as before.
      const until = Math.min(now + LIVE_LEASE_MS, held.leaseLimit);
      if (until > now && !(await this.queue.renew(id, held.attempt, until))) this.held.delete(id);
    }
    const reclaimed = await this.queue.reclaimExpiredLeaseIds();
    // A dead runner's job stays locked in the queue engine: the task needs a new one.
    for (const id of reclaimed) {
      await this.shared?.requeued(id).catch((error: unknown) => this.log.warn({ err: error, task_id: id }, 'job of a reclaimed task not added; the orphan sweep will'));
    }
    await this.shared?.afterSweep();
  }

  /**
   * Runs a task for a shared-queue job, resolving when it is finished or handed back (D-073): the
   * task the job names, or another of its merchant's whose store's turn it is (D-085), which then
   * hands its job to the one named. A job whose task is not queued any more (finished, or running
   * elsewhere) does nothing.
   */
  async runTask(taskId: string): Promise<void> {
    await this.started;
    if (this.stopped) {
      await this.shared?.requeued(taskId);
      return;
    }
    const claimedAt = this.now();
    const leaseLimit = claimedAt + this.taskTimeoutMs + LEASE_MARGIN_MS;
    const task = await this.queue.claim(taskId, Math.min(LIVE_LEASE_MS, leaseLimit - claimedAt));
    if (!task) return;
    this.starting += 1;
    const held: Held = { attempt: task.attempts, leaseLimit };
    this.held.set(task.id, held);
    held.done = this.run(task, held).finally(() => this.held.delete(task.id));
    if (task.id !== taskId) {
      await this.shared?.handOver(taskId, task.id, Number(task.merchant_id))
        .catch((error: unknown) => this.log.warn({ err: error, task_id: taskId }, 'job of a task passed by its store turn not moved; the orphan sweep will add one'));
    }
    await held.done;
  }

  /**
   * Claims queued tasks while workers are free. Claims are awaited, so one loop runs at a time:
   * a wake during it asks for one more pass instead of starting a second loop that would claim
   * on the same free workers.
   */
  wake(): void {
    if (this.shared) return;
    if (this.waking) {
      this.wakeAgain = true;
      return;
    }
    this.waking = true;
    void this.claimWhileIdle()
      .catch((error: unknown) => this.log.error({ err: error }, 'queued tasks could not be claimed'))
      .finally(() => {
        this.waking = false;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async claimWhileIdle(): Promise<void> {
    await this.started;
    // Tasks claimed but not yet in the pool (their images load first) do not show in pool.idle:
    // counting them keeps one process from taking more tasks than it has workers for, which
    // would leave them waiting here instead of queued for another process (D-056).
    while (!this.stopped && this.pool.idle - this.starting > 0) {
      const claimedAt = this.now();
      const leaseLimit = claimedAt + this.taskTimeoutMs + LEASE_MARGIN_MS;
      const task = await this.queue.claimNext(Math.min(LIVE_LEASE_MS, leaseLimit - claimedAt));
      if (!task) return;
      this.starting += 1;
      const held: Held = { attempt: task.attempts, leaseLimit };
      this.held.set(task.id, held);
      held.done = this.run(task, held).finally(() => {
        this.held.delete(task.id);
        this.wake();
      });
    }
  }

  private async run(task: ClaimedTask, held: Held): Promise<void> {
    let submitted = false;
    const submit = () => {
      if (submitted) return;
      submitted = true;
      this.starting -= 1;
    };
    const started = performance.now();
    let apiCode = '';
    let outcome: { record: unknown } | { error: { code: number; msg: string } };
    // The store or database away: the task waits, within its time limit, and keeps its lease (D-099).
    let warned = false;
    // A task's output files are written side by side, so several of its calls may wait at once:
    // the task counts as waiting until the last of them is done.
    const storeCall: StoreCall = (step) => {
      let waiting = false;
      return throughOutage(step, {
        until: held.leaseLimit - LEASE_MARGIN_MS,
        now: this.now,
        signal: this.abandon.signal,
        onWait: (error) => {
          if (!warned) this.log.warn({ err: error, task_id: task.id }, 'storage unavailable: the task waits for it');
          warned = true;
          if (!waiting) this.storageWaits.set(task.id, (this.storageWaits.get(task.id) ?? 0) + 1);
          waiting = true;
        },
      }).finally(() => {
        if (!waiting) return;
        const left = (this.storageWaits.get(task.id) ?? 1) - 1;
        if (left > 0) this.storageWaits.set(task.id, left);
        else this.storageWaits.delete(task.id);
      });
    };
    try {
      const request = JSON.parse(task.request) as StoredTaskRequest;
      apiCode = request.api_code;
      const payload = await storeCall(() => this.payloadOf(request, task.merchant_id));
      // analyse() hands its jobs to the pool before its first await.
      const analysing = this.analyse(payload);
      submit();
      const result = await analysing;
      outcome = { record: await this.storeFiles(task.id, result.record, result.files, storeCall) };
    } catch (error) {
      submit();
      if (this.abandoned) return;
      outcome = { error: this.failureOf(task, error) };
    }
    if (this.abandoned) return;
    try {
      const status = 'record' in outcome ? 'succeeded' : 'failed';
      const stored = 'record' in outcome ? await this.queue.succeed(task.id, task.attempts, outcome.record) : await this.queue.fail(task.id, task.attempts, outcome.error);
      if (stored) {
        const ms = Math.round(performance.now() - started);
        this.onTaskFinished?.(apiCode, status, ms);
        // One line per task for whoever watches a worker: it has no port of its own (D-128).
        const code = 'error' in outcome ? outcome.error.code : 0;
        this.log.info({ task_id: task.id, merchant_id: task.merchant_id, api_code: apiCode, status, code, ms, attempt: task.attempts }, 'task finished');
      }
    } catch (error) {
      // The database is away: the task stays running, its lease ends and it runs again.
      this.log.error({ err: error, task_id: task.id }, 'the outcome of a task could not be stored');
    }
  }

  /** Skin tasks run one job per view, so the views of one task share the pool's workers. */
  private async analyse(payload: TaskJobPayload): Promise<JobResult> {
    const timeoutMs = this.taskTimeoutMs;
    if (resultKindOf(payload.api_code) !== 'skin') {
      return this.pool.run('task', payload, { transfer: payload.images.map((image) => image.bytes.buffer as ArrayBuffer), timeoutMs });
    }
    const views = await Promise.all(
      skinViewJobs(payload).map((job) => this.pool.run('skin_view', job, { transfer: Object.values(job.photos).map((bytes) => bytes.buffer as ArrayBuffer), timeoutMs })),
    );
    return assembleSkinResult(payload, views);
  }

  private async payloadOf(request: StoredTaskRequest, merchantId: number): Promise<TaskJobPayload> {
    const entries = Object.entries(request.resources) as [ImageKey, string][];
    const images = await Promise.all(entries.map(async ([key, url]) => ({ key, bytes: await this.imageOf(request, key, url, merchantId) })));
    return {
      api_code: request.api_code,
      algorithm_variant: request.algorithm_variant,
      view_count: request.view_count,
      light_sources: request.light_sources,
      dimension_codes: request.dimension_codes,
      mask_format: request.output_options?.mask_format ?? (request.api_code === 'device_v' || request.api_code === 'online_skin' ? 'annotation_image' : null),
      images,
    };
  }

  /** The store's own uploads as resolved when the task was accepted; anything else is downloaded. */
  private imageOf(request: StoredTaskRequest, key: ImageKey, url: string, merchantId: number): Promise<Uint8Array> {
    // Tasks stored before own_files existed were accepted under the path rule: run them so.
    const ownKey = request.own_files ? request.own_files[key] : (resourceKeyInPath(url) ?? undefined);
    return ownKey === undefined ? this.images.download(url) : this.images.stored(ownKey, merchantId);
  }

  /**
   * Writes the job's files to the object store and points the record at their paths. A few at a
   * time: each write waits on the store's round trip (tens of milliseconds on a cloud store), not
   * on this process, and a task has 7 to dozens of files; more at once would only queue at the
   * store beside every other worker's writes. The first failure stops the writes not yet started.
   */
  private async storeFiles(taskId: string, record: unknown, files: JobFile[], storeCall: StoreCall): Promise<unknown> {
    const paths = new Map<string, string>();
    await eachAtMost(files, OUTPUT_WRITES_AT_ONCE, async (file) => {
      // The key is chosen once: a write repeated after an outage replaces its own object (D-099).
      const key = newOutputKey(taskId, file.name, this.now());
      const bytes = Buffer.from(file.bytes);
      await storeCall(() => this.objects.put(key, bytes));
      paths.set(`file:${file.name}`, `${OUTPUT_PATH}/${key}`);
    });
    return JSON.parse(JSON.stringify(record), (_key, value: unknown) => (typeof value === 'string' && paths.has(value) ? paths.get(value) : value));
  }

  private failureOf(task: ClaimedTask, error: unknown): { code: number; msg: string } {
    if (error instanceof ImageFetchError) return { code: TaskCodes.IMAGE_DOWNLOAD_FAILED.code, msg: `${TaskCodes.IMAGE_DOWNLOAD_FAILED.msg}: ${error.message}` };
    if (error instanceof JobTimeoutError) return { code: TaskCodes.ANALYSIS_TIMEOUT.code, msg: TaskCodes.ANALYSIS_TIMEOUT.msg };
    if (error instanceof JobFailedError && error.code !== undefined) return { code: error.code, msg: error.message };
    if (isOutage(error)) {
      this.log.error({ err: error, task_id: task.id }, 'storage unavailable past the task time limit');
      return { code: TaskCodes.ANALYSIS_FAILED.code, msg: `${TaskCodes.ANALYSIS_FAILED.msg}: storage unavailable` };
    }
    this.log.error({ err: error, task_id: task.id }, 'analysis failed');
    return { code: TaskCodes.ANALYSIS_FAILED.code, msg: TaskCodes.ANALYSIS_FAILED.msg };
  }
}
