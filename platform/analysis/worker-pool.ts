import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { JobKind, JobRequest, JobResponse, JobResult } from './job-types.ts';

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
 * worker is busy. A job over its time limit terminates its worker, which is replaced, so one
 * stuck image cannot take the pool down.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private startFailures = 0;

  constructor(readonly size = defaultPoolSize()) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: null as unknown as Worker, job: null, ready: false };
      this.slots.push(slot);
      slot.worker = this.spawn();
    }
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

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('worker pool closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.job?.reject(new Error('worker pool closed'));
        if (slot.job) clearTimeout(slot.job.timer);
        slot.job = null;
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    worker.on('message', (message: JobResponse | { ready: true }) => {
      if ('ready' in message) return this.markReady(worker);
      this.settle(worker, message);
    });
    worker.on('error', (error) => this.replace(worker, error));
    worker.on('exit', (code) => {
      if (!this.closed) this.replace(worker, new Error(`analysis worker exited with code ${code}`));
    });
    worker.unref();
    return worker;
  }

  private markReady(worker: Worker): void {
    const slot = this.slots.find((s) => s.worker === worker);
    if (!slot) return;
    slot.ready = true;
    this.startFailures = 0;
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
    else job.reject(new JobFailedError(message.error.message, message.error.code));
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
    worker.removeAllListeners();
    void worker.terminate();
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
