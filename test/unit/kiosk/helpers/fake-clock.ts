import type { Clock } from '../../../../main/capture/session-driver.ts';

/**
 * Virtual time: sleep advances `now` at once but yields to the event loop (setImmediate), so a
 * session's loop cannot starve the test that waits on it.
 */
export class FakeClock implements Clock {
  constructor(public t = 0) {}
  now(): number {
    return this.t;
  }
  sleep(ms: number): Promise<void> {
    this.t += ms;
    return new Promise((resolve) => setImmediate(resolve));
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
