/**
 * Baseline check module of `bench:preview-guidance`: answers at once without looking at the
 * frame, so a frame's trip through createWorkerLiveCheck (copy, transfer to the worker, result
 * back, schema check) is measured alone. Not a live check: never used by the kiosk.
 */
import type { LiveCheck } from '../../main/capture/live-check.ts';

export async function createLiveCheck(): Promise<LiveCheck> {
  return async () => ({ facePresent: false });
}
