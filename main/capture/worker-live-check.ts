/**
 * A LiveCheck that runs in a worker thread, so the face models (onnxruntime's session.run blocks
 * its thread) never stall the main process. Generic over the check module: any module exporting
 * a LiveCheckFactory (live-check.ts). One frame is checked at a time; the session driver never
 * sends the next before the previous answered. A crashed worker fails the pending check and is
 * started afresh on the next one; a module that fails to load fails every check with that reason.
 */
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../../common/node/module-worker.ts';
import type { RgbImage } from '../../vision/types.ts';
import { faceCheckResultSchema } from './live-check.ts';
import type { FaceCheckResult, LiveCheck } from './live-check.ts';
import type { WorkerInit, WorkerRequest, WorkerResponse, WorkerStop } from './live-check-worker.ts';

export interface WorkerLiveCheckOptions {
  /** The check module: an absolute path or a file URL (.ts runs through tsx, .js as is). */
  readonly module: string | URL;
  /** Its factory's export name. Default `createLiveCheck`. */
  readonly exportName?: string;
  /** Passed to the factory; must be structured-cloneable. */
  readonly options?: unknown;
  /** A check slower than this fails and its worker is replaced (a hung model must not freeze guidance). Default 5 s. */
  readonly timeoutMs?: number;
}

export interface WorkerLiveCheck {
  readonly check: LiveCheck;
  close(): Promise<void>;
}

export class LiveCheckWorkerError extends Error {
  constructor(
    readonly code: 'init_failed' | 'crashed' | 'timeout' | 'check_failed' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'LiveCheckWorkerError';
  }
}

/**
 * A replaced or closed worker is asked to stop and exits after its current check; it is
 * terminated only when stuck past this (terminating it inside a model run aborts the process).
 */
const RETIRE_GRACE_MS = 30_000;

interface Running {
  readonly worker: Worker;
  /** Resolves when the thread has ended. */
  readonly exited: Promise<void>;
  readonly ready: Promise<void>;
  /** Checks this worker owes an answer; a dying worker fails only its own. */
  readonly pending: Map<number, { resolve: (r: FaceCheckResult) => void; reject: (e: Error) => void }>;
}

// Source runs (tsx, vitest) load the .ts entry; a compiled build has the .js beside this file.
const ENTRY = new URL(`./live-check-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export function createWorkerLiveCheck(options: WorkerLiveCheckOptions): WorkerLiveCheck {
  const init: WorkerInit = {
    moduleUrl: options.module instanceof URL ? options.module.href : options.module.startsWith('file:') ? options.module : pathToFileURL(options.module).href,
    exportName: options.exportName ?? 'createLiveCheck',
    options: options.options ?? null,
  };
  const timeoutMs = options.timeoutMs ?? 5000;
  let running: Running | null = null;
  let initFailure: LiveCheckWorkerError | null = null;
  let closed = false;
  let nextId = 1;

  function start(): Running {
    const worker = spawn(init);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const pending: Running['pending'] = new Map();
    let settleReady: { resolve: () => void; reject: (e: Error) => void } | undefined;
    const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
    ready.catch(() => undefined);
    worker.on('message', (message: WorkerResponse) => {
      if (message.kind === 'ready') return settleReady?.resolve();
      if (message.kind === 'init_failed') {
        initFailure = new LiveCheckWorkerError('init_failed', `live check module failed to load: ${message.message}`);
        return settleReady?.reject(initFailure);
      }
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.kind === 'error') return waiter?.reject(new LiveCheckWorkerError('check_failed', message.message));
      const parsed = faceCheckResultSchema.safeParse(message.result);
      if (parsed.success) waiter?.resolve(parsed.data);
      else waiter?.reject(new LiveCheckWorkerError('check_failed', `live check returned a malformed result: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`));
    });
    const fail = (error: LiveCheckWorkerError) => {
      if (running?.worker === worker) running = null;
      settleReady?.reject(initFailure ?? error);
      for (const waiter of pending.values()) waiter.reject(initFailure ?? error);
      pending.clear();
    };
    worker.on('error', (error) => fail(new LiveCheckWorkerError('crashed', `live check worker crashed: ${error.message}`)));
    worker.on('exit', (code) => fail(new LiveCheckWorkerError(closed ? 'closed' : 'crashed', `live check worker exited (code ${code})`)));
    // The worker alone must not keep the kiosk process alive.
    worker.unref();
    return { worker, exited, ready, pending };
  }

  /** Stops a worker between checks; the process waits for it (exiting mid-run aborts too). */
  function retire(target: Running): Promise<void> {
    target.worker.ref();
    const timer = setTimeout(() => void target.worker.terminate(), RETIRE_GRACE_MS);
    target.worker.postMessage({ stop: true } satisfies WorkerStop);
    return target.exited.then(() => clearTimeout(timer));
  }

  async function check(frame: RgbImage): Promise<FaceCheckResult> {
    if (closed) throw new LiveCheckWorkerError('closed', 'live check closed');
    if (initFailure) throw initFailure;
    running ??= start();
    const current = running;
    const { worker, ready, pending } = current;
    await ready;
    if (running !== current) throw new LiveCheckWorkerError(closed ? 'closed' : 'crashed', 'live check worker stopped before the check was sent');
    const id = nextId++;
    // One copy into a buffer we can transfer; the caller's frame stays usable.
    const data = frame.data.slice();
    const request: WorkerRequest = { id, width: frame.width, height: frame.height, data };
    return new Promise<FaceCheckResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new LiveCheckWorkerError('timeout', `live check took longer than ${timeoutMs} ms; worker restarted`));
        // Forget it at once: the next check goes to a fresh worker while this one winds down.
        if (running === current) running = null;
        void retire(current);
      }, timeoutMs);
      pending.set(id, {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      worker.postMessage(request, [data.buffer as ArrayBuffer]);
    });
  }

  async function close(): Promise<void> {
    closed = true;
    const current = running;
    running = null;
    if (current) await retire(current);
  }

  return { check, close };
}

function spawn(init: WorkerInit): Worker {
  try {
    return moduleWorker(ENTRY, { workerData: init });
  } catch (error) {
    throw new LiveCheckWorkerError('init_failed', error instanceof Error ? error.message : String(error));
  }
}
