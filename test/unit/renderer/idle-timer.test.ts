import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleTimer } from '../../../renderer/app/idle-timer.ts';

describe('idle timer of the results screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the idle time, and every touch or key starts the wait again', () => {
    const screen = new EventTarget();
    const onIdle = vi.fn();
    startIdleTimer(screen, 180_000, onIdle);
    vi.advanceTimersByTime(170_000);
    screen.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(170_000);
    screen.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(179_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    // Input after it fired starts nothing new.
    screen.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(600_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped (the customer left the screen themselves)', () => {
    const screen = new EventTarget();
    const onIdle = vi.fn();
    const stop = startIdleTimer(screen, 1000, onIdle);
    vi.advanceTimersByTime(500);
    stop();
    screen.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
