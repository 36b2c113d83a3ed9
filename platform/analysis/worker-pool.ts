import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { JobKind, JobRequest, JobResponse, JobResult, StopRequest, WorkerSetup } from './job-types.ts';

interface Pending {
  request: JobRequest;
  transfer: ArrayBuffer[];
  resolve: (result: JobResult) => void;
  reject: (error: Error) => void;
  timeoutMs: number;
}

interface Slot {
  worker: Worker;
  job: (Pending & { timer: NodeJS.Timeout }) | null;
  /** The worker loaded its modules and said so; until then it takes no job. */
  ready: boolean;
}

/**
 * How long a retired worker may take to finish its job and exit before it is terminated. A
 * worker is never terminated at once: terminating one while onnxruntime runs in it aborts the
 * whole process (onnxruntime-node throws into a dying environment), so it is asked to stop and
 * exits between jobs. Only a worker stuck this long (in JavaScript, where terminate is safe) is
 * cut off.
 */
const RETIRE_GRACE_MS = 60_000;

/** Respawn delay after a worker died before it was ready (a broken install): 1 s doubling to 30 s. */
function respawnDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`analysis job exceeded ${timeoutMs} ms`);
    this.name = 'JobTimeoutError';
  }
}

export class JobFailedError extends Error {
  constructor(
    message: string,
    /** A task-codes.ts code the job chose (no face, unreadable image), or undefined. */
    readonly code: number | undefined,
    /** The image key (or pic_url) that failed and what was wrong with it, when the job said. */
    readonly field?: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'JobFailedError';
  }
}

/** Workers for a machine: one per core, since ONNX Runtime blocks the thread it runs on. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './analysis-worker.dev.mjs' : './analysis-worker.js', import.meta.url);

/**
 * A fixed pool of worker threads running vision/ (DESIGN.md: Analysis). Jobs queue when every
 * worker is busy. A job over its time limit fails at once and its worker is retired (it exits
 * when the job ends) while a fresh one takes its place, so one stuck image cannot take the pool
 * down.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  /** Resolves when the worker's thread has ended, whatever ended it. */
  private readonly exits = new WeakMap<Worker, Promise<void>>();
  private readonly retired = new WeakSet<Worker>();
  private readyWaiters: (() => void)[] = [];
  private nextId = 1;
  private closed = false;
  private startFailures = 0;

  constructor(
    readonly size = defaultPoolSize(),
    private readonly setup: WorkerSetup = {},
  ) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: null as unknown as Worker, job: null, ready: false };
      this.slots.push(slot);
      slot.worker = this.spawn();
    }
  }

  /** Resolves once every worker has loaded its modules (a platform just started is not yet warm). */
  whenReady(): Promise<void> {
    if (this.slots.every((slot) => slot.ready)) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Workers that loaded their modules (a metric: fewer than the pool's size for long means a broken install). */
  get readyWorkers(): number {
    return this.slots.filter((slot) => slot.ready).length;
  }

  get idle(): number {
    return this.slots.filter((slot) => slot.ready && slot.job === null).length - this.queue.length;
  }

  run(kind: JobKind, payload: JobRequest['payload'], options: { transfer?: ArrayBuffer[]; timeoutMs: number }): Promise<JobResult> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise<JobResult>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, kind, payload } as JobRequest, transfer: options.transfer ?? [], resolve, reject, timeoutMs: options.timeoutMs });
      this.drain();
    });
  }

  /** Fails what is queued and running, and resolves once every worker has ended. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('worker pool closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.job?.reject(new Error('worker pool closed'));
        if (slot.job) clearTimeout(slot.job.timer);
        slot.job = null;
        await this.retire(slot.worker);
      }),
    );
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, { workerData: this.setup });
    this.exits.set(worker, new Promise((resolve) => worker.once('exit', () => resolve())));
    worker.on('message', (message: JobResponse | { ready: true }) => {
      if (this.retired.has(worker)) return;
      if ('ready' in message) return this.markReady(worker);
      this.settle(worker, message);
    });
    // Also after retirement: an 'error' event without a listener would throw in this thread.
    worker.on('error', (error) => {
      if (!this.retired.has(worker)) this.replace(worker, error);
    });
    worker.on('exit', (code) => {
      if (!this.retired.has(worker) && !this.closed) this.replace(worker, new Error(`analysis worker exited with code ${code}`));
    });
    worker.unref();
    return worker;
  }

  /** Asks the worker to exit once its job has settled; terminates it only past the grace. */
  private retire(worker: Worker): Promise<void> {
    const exited = this.exits.get(worker) ?? Promise.resolve();
    if (this.retired.has(worker)) return exited;
    this.retired.add(worker);
    // The process must wait for it: exiting with the worker inside a model run aborts too.
    worker.ref();
    const timer = setTimeout(() => void worker.terminate(), RETIRE_GRACE_MS);
    worker.postMessage({ stop: true } satisfies StopRequest);
    return exited.then(() => clearTimeout(timer));
  }

  private markReady(worker: Worker): void {
    const slot = this.slots.find((s) => s.worker === worker);
    if (!slot) return;
    slot.ready = true;
    this.startFailures = 0;
    if (this.slots.every((s) => s.ready)) for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.drain();
  }

  private drain(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job !== null) continue;
      const pending = this.queue.shift();
      if (!pending) return;
      const timer = setTimeout(() => this.replace(slot.worker, new JobTimeoutError(pending.timeoutMs)), pending.timeoutMs);
      slot.job = { ...pending, timer };
      slot.worker.postMessage(pending.request, pending.transfer);
    }
  }

  private settle(worker: Worker, message: JobResponse): void {
    const slot = this.slots.find((s) => s.worker === worker);
    if (!slot?.job || slot.job.request.id !== message.id) return;
    const job = slot.job;
    clearTimeout(job.timer);
    slot.job = null;
    if (message.ok) job.resolve(message.result);
    else job.reject(new JobFailedError(message.error.message, message.error.code, message.error.field, message.error.detail));
    this.drain();
  }

  /** Fails the worker's job (if any) and puts a fresh worker in its place. */
  private replace(worker: Worker, error: Error): void {
    const slot = this.slots.find((s) => s.worker === worker);
    if (!slot || this.closed) return;
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    void this.retire(worker);
    if (slot.ready) {
      slot.ready = false;
      slot.worker = this.spawn();
      return;
    }
    // It died while loading: a broken install would otherwise respawn in a tight loop.
    this.startFailures += 1;
    console.error(`analysis worker failed to start (${this.startFailures} times): ${error.message}`);
    slot.ready = false;
    setTimeout(() => {
      if (!this.closed && !slot.ready) slot.worker = this.spawn();
    }, respawnDelay(this.startFailures)).unref();
  }
}
