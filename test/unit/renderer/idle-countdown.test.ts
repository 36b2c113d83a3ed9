/**
 * The inactivity clock every screen but idle runs (D-046), on a fake clock: the warning comes at
 * timeout - warning, the screen closes at the timeout, once; a touch starts the whole wait again
 * and takes the warning away; a busy screen never closes mid-work.
 */
import { describe, expect, it } from 'vitest';
import { IdleCountdown, warningMsFor, type IdleClock } from '../../../renderer/app/idle-countdown.ts';

class FakeClock implements IdleClock {
  time = 1_000_000;
  #next = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();
  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }
  get pending(): number {
    return this.#timers.size;
  }
  /** Moves time on, firing due timers in order (each may set new ones). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.#timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}

function start(timeoutMs = 90_000, warningMs = 15_000) {
  const clock = new FakeClock();
  const warnings: (number | null)[] = [];
  let expired = 0;
  const countdown = new IdleCountdown({ timeoutMs, warningMs, clock, onWarning: (at) => warnings.push(at), onExpire: () => (expired += 1) });
  return { clock, countdown, warnings, expired: () => expired };
}

describe('inactivity countdown', () => {
  it('warns 15 s before a 90 s timeout, naming when the screen closes, then closes it once', () => {
    const { clock, countdown, warnings, expired } = start();
    const began = clock.now();
    clock.advance(74_999);
    expect(countdown.phase).toBe('watching');
    expect(warnings).toEqual([]);
    clock.advance(1);
    expect(countdown.phase).toBe('warning');
    expect(warnings).toEqual([began + 90_000]);
    clock.advance(14_999);
    expect(expired()).toBe(0);
    clock.advance(1);
    expect(expired()).toBe(1);
    expect(countdown.phase).toBe('expired');
    // A touch after the screen closed starts nothing: it is the next person's.
    countdown.activity();
    clock.advance(600_000);
    expect(expired()).toBe(1);
    expect(clock.pending).toBe(0);
  });

  it('a touch during the warning takes it away and starts the whole wait again', () => {
    const { clock, countdown, warnings, expired } = start();
    clock.advance(80_000);
    expect(countdown.phase).toBe('warning');
    countdown.activity();
    expect(countdown.phase).toBe('watching');
    expect(warnings.at(-1)).toBeNull();
    clock.advance(74_999);
    expect(countdown.phase).toBe('watching');
    clock.advance(15_001);
    expect(expired()).toBe(1);
  });

  it('touches before the warning keep pushing it back', () => {
    const { clock, countdown, warnings, expired } = start(30_000, 10_000);
    for (let i = 0; i < 10; i += 1) {
      clock.advance(19_000);
      countdown.activity();
    }
    expect(warnings).toEqual([]);
    expect(expired()).toBe(0);
    clock.advance(30_000);
    expect(expired()).toBe(1);
  });

  it('a busy screen holds the clock (even through a warning) and starts a whole wait when done', () => {
    const { clock, countdown, warnings, expired } = start();
    clock.advance(80_000);
    expect(countdown.phase).toBe('warning');
    countdown.setBusy(true);
    expect(countdown.phase).toBe('held');
    expect(warnings.at(-1)).toBeNull();
    clock.advance(3_600_000);
    expect(expired()).toBe(0);
    // Activity while held does not start a clock underneath the work.
    countdown.activity();
    expect(countdown.phase).toBe('held');
    countdown.setBusy(true);
    countdown.setBusy(false);
    expect(countdown.phase).toBe('watching');
    clock.advance(89_999);
    expect(expired()).toBe(0);
    clock.advance(1);
    expect(expired()).toBe(1);
  });

  it('stopped (the screen went away by itself) it never warns nor closes', () => {
    const { clock, countdown, warnings, expired } = start(6_000, 2_000);
    clock.advance(5_000);
    expect(warnings).toHaveLength(1);
    countdown.stop();
    expect(warnings.at(-1)).toBeNull();
    countdown.activity();
    countdown.setBusy(false);
    clock.advance(60_000);
    expect(expired()).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('warns for the last third of a short timeout, never more than 15 s', () => {
    expect(warningMsFor(90_000)).toBe(15_000);
    expect(warningMsFor(120_000)).toBe(15_000);
    expect(warningMsFor(30_000)).toBe(10_000);
    expect(warningMsFor(9_000)).toBe(3_000);
  });
});
