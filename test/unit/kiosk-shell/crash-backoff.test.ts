/**
 * A crashed kiosk page comes back with exponential backoff, capped, and starts over from the
 * first delay after a stable period (D-042). Driven by vitest's fake clock: timers and Date.now.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashBackoff } from '../../../main/shell/crash-backoff.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A page that crashes again `runsFor` ms after each restart; answers the delays it waited. */
function crashLoop(backoff: CrashBackoff, restarts: { count: number }, times: number, runsFor = 100): number[] {
  const delays: number[] = [];
  for (let i = 0; i < times; i++) {
    const delay = backoff.crashed()!;
    delays.push(delay);
    const before = restarts.count;
    vi.advanceTimersByTime(delay - 1);
    expect(restarts.count, `not restarted before ${delay} ms`).toBe(before);
    vi.advanceTimersByTime(1);
    expect(restarts.count, `restarted after ${delay} ms`).toBe(before + 1);
    vi.advanceTimersByTime(runsFor);
  }
  return delays;
}

describe('crash backoff', () => {
  it('doubles the delay while the page keeps crashing soon after each restart, up to the cap', () => {
    const restarts = { count: 0 };
    const backoff = new CrashBackoff(() => restarts.count++, { firstDelayMs: 1000, maxDelayMs: 60_000, stableMs: 120_000 });
    expect(crashLoop(backoff, restarts, 9)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('starts over from the first delay once the page ran for the stable period', () => {
    const restarts = { count: 0 };
    const backoff = new CrashBackoff(() => restarts.count++, { firstDelayMs: 1000, maxDelayMs: 60_000, stableMs: 120_000 });
    expect(crashLoop(backoff, restarts, 4)).toEqual([1000, 2000, 4000, 8000]);
    // Ran 2 minutes since the last restart (crashLoop left it 100 ms in): stable.
    vi.advanceTimersByTime(120_000 - 100);
    expect(crashLoop(backoff, restarts, 2)).toEqual([1000, 2000]);
    // Just short of the stable period: the backoff goes on.
    vi.advanceTimersByTime(119_000 - 100);
    expect(crashLoop(backoff, restarts, 1)).toEqual([4000]);
  });

  it('plans one restart for a crash reported twice, and none after dispose', () => {
    const restarts = { count: 0 };
    const planned: [number, number][] = [];
    const backoff = new CrashBackoff(() => restarts.count++, { onPlanned: (crashes, delay) => planned.push([crashes, delay]) });
    expect(backoff.crashed()).toBe(1000);
    expect(backoff.crashed()).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(restarts.count).toBe(1);
    expect(backoff.crashed()).toBe(2000);
    backoff.dispose();
    vi.advanceTimersByTime(60_000);
    expect(restarts.count).toBe(1);
    expect(backoff.crashed()).toBeNull();
    expect(planned).toEqual([
      [1, 1000],
      [2, 2000],
    ]);
  });
});
