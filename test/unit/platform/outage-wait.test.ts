/**
 * D-099: a task's store calls wait out an outage of the object store or the database, with
 * doubling waits, until its time limit; other errors pass at once.
 */
import { describe, expect, it } from 'vitest';
import { ObjectStoreUnavailableError } from '../../../platform/objects/object-store.ts';
import { isOutage, throughOutage } from '../../../platform/analysis/outage-wait.ts';
import { DatabaseUnavailableError } from '../../../platform/storage/sql.ts';

/** A step that fails with `error` for its first `failures` calls, then answers 'done'. */
function flaky(failures: number, error: () => Error) {
  let calls = 0;
  return {
    step: async () => {
      calls += 1;
      if (calls <= failures) throw error();
      return 'done';
    },
    calls: () => calls,
  };
}

const storeAway = () => new ObjectStoreUnavailableError(new Error('connect ECONNREFUSED 127.0.0.1:9'));

describe('throughOutage', () => {
  it('recognises an outage of the store or the database, also as the cause of another error', () => {
    expect(isOutage(storeAway())).toBe(true);
    expect(isOutage(new DatabaseUnavailableError(new Error('terminating connection')))).toBe(true);
    expect(isOutage(new Error('reading the photo failed', { cause: storeAway() }))).toBe(true);
    expect(isOutage(new Error('no such key'))).toBe(false);
    expect(isOutage('store away')).toBe(false);
  });

  it('repeats the step after waits that double while the store is away, and answers what it gives once back', async () => {
    const store = flaky(3, storeAway);
    const waits: number[] = [];
    const answer = await throughOutage(store.step, { until: Date.now() + 10_000, now: Date.now, signal: new AbortController().signal, firstWaitMs: 5, onWait: (_e, ms) => waits.push(ms) });
    expect(answer).toBe('done');
    expect(store.calls()).toBe(4);
    expect(waits).toEqual([5, 10, 20]);
  });

  it('throws any other error at once', async () => {
    const broken = flaky(1, () => new Error('not a JPEG'));
    await expect(throughOutage(broken.step, { until: Date.now() + 10_000, now: Date.now, signal: new AbortController().signal, firstWaitMs: 5 })).rejects.toThrow('not a JPEG');
    expect(broken.calls()).toBe(1);
  });

  it('gives up with the outage when the next wait would end past the time limit', async () => {
    const store = flaky(100, storeAway);
    // A clock that moves only by the waits, so the count does not depend on this machine's load.
    let waited = 0;
    const wait = { until: 100, now: () => waited, signal: new AbortController().signal, firstWaitMs: 10, onWait: (_e: unknown, ms: number) => (waited += ms) };
    await expect(throughOutage(store.step, wait)).rejects.toBeInstanceOf(ObjectStoreUnavailableError);
    // Waits of 10, 20 and 40 ms fit in 100 ms; the next, 80 ms, would not.
    expect(store.calls()).toBe(4);
    expect(waited).toBe(70);
  });

  it('ends its wait at once when the runner stops', async () => {
    const store = flaky(100, storeAway);
    const stop = new AbortController();
    const waiting = throughOutage(store.step, { until: Date.now() + 60_000, now: Date.now, signal: stop.signal, firstWaitMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    await expect(waiting).rejects.toThrow(/abort/i);
    expect(store.calls()).toBe(1);
  });
});
