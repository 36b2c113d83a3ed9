/**
 * Worker-thread entry of worker-live-check.ts: imports the check module named in workerData,
 * builds its LiveCheck once (models load here, off the main thread) and answers one message per
 * frame. Checks run one after another: onnxruntime's session.run blocks this thread anyway.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FaceCheckResult, LiveCheck, LiveCheckFactory } from './live-check.ts';

export interface WorkerInit {
  readonly moduleUrl: string;
  readonly exportName: string;
  readonly options: unknown;
}

export type WorkerRequest = { readonly id: number; readonly width: number; readonly height: number; readonly data: Uint8Array };

/**
 * Asks the worker to exit once its check (if any) has answered. It is never terminated in the
 * middle of a check: onnxruntime-node aborts the whole process when its thread is terminated
 * during session.run.
 */
export type WorkerStop = { readonly stop: true };

export type WorkerResponse =
  | { readonly kind: 'ready' }
  | { readonly kind: 'init_failed'; readonly message: string }
  | { readonly id: number; readonly kind: 'result'; readonly result: FaceCheckResult }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };

const port = parentPort;
if (!port) throw new Error('live-check-worker.ts must run in a worker thread');
const init = workerData as WorkerInit;

let check: LiveCheck;
try {
  const loaded = (await import(init.moduleUrl)) as Record<string, unknown>;
  const factory = loaded[init.exportName];
  if (typeof factory !== 'function') throw new Error(`${init.moduleUrl} does not export a function ${init.exportName}`);
  check = await (factory as LiveCheckFactory)(init.options);
  port.postMessage({ kind: 'ready' } satisfies WorkerResponse);
} catch (error) {
  port.postMessage({ kind: 'init_failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse);
  process.exit(1);
}

let running = 0;
let stopping = false;
const exitIfStopping = (): void => {
  if (stopping && running === 0) process.exit(0);
};

port.on('message', async (request: WorkerRequest | WorkerStop) => {
  if ('stop' in request) {
    stopping = true;
    return exitIfStopping();
  }
  running += 1;
  let response: WorkerResponse;
  try {
    const result = await check({ width: request.width, height: request.height, data: request.data });
    response = { id: request.id, kind: 'result', result };
  } catch (error) {
    response = { id: request.id, kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
  running -= 1;
  exitIfStopping();
});
