import { setTimeout as sleep } from 'node:timers/promises';
import { ObjectStoreUnavailableError } from '../objects/object-store.ts';
import { DatabaseUnavailableError } from '../storage/sql.ts';

/** decision (D-099): the first wait after a store failed, doubled after each failure up to the longest. */
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 8_000;

/** True when the error, or one it was caused by, says the object store or the database is away. */
export function isOutage(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if (cause instanceof ObjectStoreUnavailableError || cause instanceof DatabaseUnavailableError) return true;
  }
  return false;
}

export interface OutageWait {
  /** No wait is started that would end after this time (ms since the epoch, on `now`'s clock). */
  readonly until: number;
  readonly now: () => number;
  /** Ends a wait at once (the runner stops); the step's promise then rejects with the abort. */
  readonly signal: AbortSignal;
  /** Told before each wait: the failure and how long the wait is. */
  readonly onWait?: (error: unknown, waitMs: number) => void;
  readonly firstWaitMs?: number;
}

/**
 * Runs `step` until it succeeds, waiting out failures of the store or the database behind it
 * (D-099): a task whose photo or outputs meet an outage keeps its place and its attempt instead
 * of failing with everything else in flight. Other errors, and an outage that outlasts `until`,
 * are thrown as they are. Steps must be safe to repeat: reads, or writes to the same key.
 */
export async function throughOutage<T>(step: () => Promise<T>, wait: OutageWait): Promise<T> {
  let waitMs = wait.firstWaitMs ?? FIRST_WAIT_MS;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!isOutage(error) || wait.signal.aborted || wait.now() + waitMs > wait.until) throw error;
      wait.onWait?.(error, waitMs);
      await sleep(waitMs, undefined, { signal: wait.signal });
      waitMs = Math.min(waitMs * 2, LONGEST_WAIT_MS);
    }
  }
}
