import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../../../common/node/module-worker.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { CropJob, CropPlanes, CropSharing, CropSource } from '../context.ts';
import type { RgbPlanes } from '../image/color.ts';
import { resampleFrame } from '../image/frame.ts';
import { cropBatch, DONE, FREE, HELPER, HERE, madeOf, planesOf, type CropBatch, type CropBuffers } from './crop-batch.ts';

const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './crop-worker.ts' : './crop-worker.js', import.meta.url);

/**
 * How long the analysis thread waits for a crop the helper is making before making it itself: a
 * crop takes 30-60 ms, so only a helper thread that died while making one (the process ending)
 * is waited for this long, and the analysis still gets the same planes.
 */
const HELPER_WAIT_MS = 5000;

/**
 * A helper thread that makes a view's working crops on the second core (crop-batch.ts). One per
 * analysis thread (threadCropHelper), started at its first view with more than one light and
 * kept (unref'd: it never keeps the process alive); a helper that died is started again at the
 * next view. The shared buffers are reused from view to view, so the planes a CropSource gives
 * are valid until the next share(): an analysis reads them only while it runs.
 */
export class CropHelper implements CropSharing {
  /** Crops taken from the helper thread, and made on the analysis thread (benches, tests). */
  readonly made = { helper: 0, here: 0 };
  private worker: Worker | null = null;
  private started: Promise<void> = Promise.resolve();
  private readonly buffers: CropBuffers = { pixels: [], planes: [], coarse: [] };
  private last: CropBatch | null = null;

  /** `entry`: the helper thread's module (tests give one that fails, to check the analysis thread makes every crop). */
  constructor(private readonly entry: URL = WORKER_URL) {}

  /** Starts the helper thread now rather than at the first view (tests wait for it); resolves once it runs or has failed to. */
  start(): Promise<void> {
    this.running();
    return this.started;
  }

  share(jobs: readonly CropJob[]): CropSource {
    this.release();
    // The largest images first: the longest crops start first, on whichever thread is free.
    const ordered = [...jobs].sort((a, b) => b.image.width * b.image.height - a.image.width * a.image.height);
    const batch = cropBatch(ordered, this.buffers);
    this.last = batch;
    this.running()?.postMessage(batch);
    return new SharedCrops(ordered, batch, this.made);
  }

  /** Ends the helper thread (tests; a process exits without it). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  /**
   * Frees the previous batch's buffers for reuse: its crops nobody started are taken from the
   * helper (it will skip them), and one it is making is waited for.
   */
  private release(): void {
    const batch = this.last;
    this.last = null;
    if (!batch) return;
    const state = new Int32Array(batch.state);
    for (let i = 0; i < batch.items.length; i++) {
      if (Atomics.compareExchange(state, i, FREE, HERE) === FREE) continue;
      // A helper that died while making this crop never finishes it: new buffers, the old ones left to it.
      if (Atomics.load(state, i) === HELPER && Atomics.wait(state, i, HELPER, HELPER_WAIT_MS) === 'timed-out') {
        this.buffers.pixels.length = 0;
        this.buffers.planes.length = 0;
        this.buffers.coarse.length = 0;
        return;
      }
    }
  }

  private running(): Worker | null {
    if (this.worker) return this.worker;
    let worker: Worker;
    try {
      worker = moduleWorker(this.entry);
    } catch {
      // No helper (tsx missing in a development checkout): the analysis thread makes every crop.
      return null;
    }
    worker.unref();
    const forget = (): void => {
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    // The helper says it runs once its module is loaded; one that fails before (or exits) settles this too.
    this.started = new Promise((resolve) => {
      worker.once('message', () => resolve());
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    });
    this.worker = worker;
    return worker;
  }
}

/** The analysis thread's side of a batch: each crop from the helper, or made here when the helper has not started it. */
class SharedCrops implements CropSource {
  private readonly state: Int32Array;

  constructor(
    private readonly jobs: readonly CropJob[],
    private readonly batch: CropBatch,
    private readonly made: { helper: number; here: number },
  ) {
    this.state = new Int32Array(batch.state);
  }

  take(light: LightSource): CropPlanes | undefined {
    const i = this.jobs.findIndex((job) => job.light === light);
    const job = this.jobs[i];
    const item = this.batch.items[i];
    if (!job || !item) return undefined;
    // Made here into the item's planes, which the helper will not touch once the item is claimed.
    if (Atomics.compareExchange(this.state, i, FREE, HERE) === FREE) return { rgb: this.here(job, planesOf(item)) };
    const until = performance.now() + HELPER_WAIT_MS;
    while (Atomics.load(this.state, i) === HELPER) {
      const left = until - performance.now();
      if (left <= 0 || Atomics.wait(this.state, i, HELPER, left) === 'timed-out') return { rgb: this.here(job) };
    }
    if (Atomics.load(this.state, i) !== DONE) return { rgb: this.here(job) }; // FAILED (or HERE: asked twice)
    this.made.helper += 1;
    return madeOf(item);
  }

  private here(job: CropJob, into?: RgbPlanes): RgbPlanes {
    this.made.here += 1;
    return resampleFrame(job.image, job.frame, into);
  }
}

let threadHelper: CropHelper | undefined;

/** This thread's crop helper (each analysis thread has its own, so two views never wait on one helper). */
export function threadCropHelper(): CropHelper {
  threadHelper ??= new CropHelper();
  return threadHelper;
}
