import type { FastifyBaseLogger } from 'fastify';
import type { Region } from '../../protocol/regions.ts';
import type { Clock } from '../clock.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { TaskDispatcher, type TaskFinishedListener } from './dispatcher.ts';
import type { FetchLimits } from './fetch-image.ts';
import { ImageSource } from './image-source.ts';
import type { JobKind, JobResult } from './job-types.ts';
import type { SharedTaskQueue } from './shared-queue.ts';
import { TaskQueue } from './task-queue.ts';
import { WorkerPool } from './worker-pool.ts';
import type { UploadService } from '../skin-api/upload-service.ts';
import { TaskRepository } from '../skin-api/task-repository.ts';

export interface AnalysisSettings {
  region: Region;
  workers: number;
  /** Folder of the ONNX models; absent: the repository's models/ (vision/face/models.ts). */
  modelDir?: string;
  fetch: FetchLimits;
  /** Time limit of one direct detection. */
  detectTimeoutMs: number;
  /** Time limit of one analysis job of a task (45105). */
  taskTimeoutMs: number;
  /** How long a stop waits for running tasks before handing them back (D-053). */
  shutdownGraceMs?: number;
  /** Told of every task this process finished (metrics). */
  onTaskFinished?: TaskFinishedListener;
  /** On PostgreSQL, the shared job queue tasks go through (D-073); absent: the in-process claim loop. */
  sharedQueue?: SharedTaskQueue;
}

/**
 * Owns the worker pool, the task queue and its dispatcher. The pool starts with the service
 * (analysis needs it at once) and is closed with it; queued tasks survive a stop in the database.
 */
export class AnalysisService {
  readonly images: ImageSource;
  private pool: WorkerPool | null = null;
  private dispatcher: TaskDispatcher | null = null;

  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
    uploads: UploadService,
    private readonly objects: ObjectStore,
    private readonly settings: AnalysisSettings,
  ) {
    this.images = new ImageSource(uploads, objects, settings.fetch);
  }

  /**
   * Starts the worker pool (direct detection needs it on every node) and, when this process runs
   * tasks (roles all and worker, D-073), the dispatcher: fed by the shared queue on PostgreSQL,
   * by its own claim loop on SQLite.
   */
  async start(log: FastifyBaseLogger, runTasks = true): Promise<void> {
    this.pool = new WorkerPool(this.settings.workers, this.settings.modelDir === undefined ? {} : { modelDir: this.settings.modelDir });
    if (!runTasks) return;
    const queue = new TaskQueue(this.sql, this.clock, this.settings.region);
    const dispatcher = new TaskDispatcher(queue, this.pool, this.images, this.objects, log, this.settings.taskTimeoutMs, () => this.clock.now());
    this.dispatcher = dispatcher;
    dispatcher.onTaskFinished = this.settings.onTaskFinished ?? null;
    const shared = this.settings.sharedQueue;
    if (shared) {
      dispatcher.shared = {
        requeued: (taskId) => this.queued(taskId),
        handOver: (jobTaskId, ranTaskId, merchantId) => shared.handOver(jobTaskId, ranTaskId, merchantId),
        afterSweep: () => shared.addOrphans(this.settings.region, this.clock.now()),
      };
    }
    dispatcher.start();
    if (shared) await shared.consume(this.settings.workers, (taskId) => dispatcher.runTask(taskId), log);
  }

  /**
   * A task was queued (committed): on PostgreSQL its job goes to the shared queue, where any
   * worker process takes it; else this process's claim loop runs it as soon as a worker is free.
   */
  async queued(taskId: string, merchantId?: number): Promise<void> {
    const shared = this.settings.sharedQueue;
    if (!shared) return this.dispatcher?.wake();
    const merchant = merchantId ?? (await new TaskRepository(this.sql).runnable(taskId))?.merchant_id;
    if (merchant !== undefined) await shared.enqueue(taskId, Number(merchant));
  }

  /** Resolves once every analysis worker is loaded (benchmarks measure a warm platform). */
  whenReady(): Promise<void> {
    return this.pool ? this.pool.whenReady() : Promise.reject(new Error('analysis service not started'));
  }

  /** Runs one direct detection on an image in the pool. */
  detect(kind: Exclude<JobKind, 'task'>, bytes: Uint8Array): Promise<JobResult> {
    if (!this.pool) return Promise.reject(new Error('analysis service not started'));
    return this.pool.run(kind, { bytes }, { transfer: [bytes.buffer as ArrayBuffer], timeoutMs: this.settings.detectTimeoutMs });
  }

  /** Analysis workers that loaded their modules. */
  get readyWorkers(): number {
    return this.pool?.readyWorkers ?? 0;
  }

  /** Tasks this process runs now. */
  get activeTasks(): number {
    return this.dispatcher?.active ?? 0;
  }

  /** Of those, the tasks waiting for the store or the database to come back (D-099). */
  get tasksWaitingForStorage(): number {
    return this.dispatcher?.waitingForStorage ?? 0;
  }

  /** Lets running tasks finish within the grace period, hands the rest back, closes the pool. */
  async stop(): Promise<void> {
    await this.dispatcher?.stop(this.settings.shutdownGraceMs ?? 0);
    await this.settings.sharedQueue?.stop();
    await this.pool?.close();
    this.pool = null;
    this.dispatcher = null;
  }
}
