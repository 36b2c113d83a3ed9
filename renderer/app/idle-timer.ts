/**
 * Calls onIdle once when nobody touched the screen for `idleMs`: any pointer, key or wheel input
 * starts the wait again. The results screen uses it so that the last customer's face, findings
 * and phone link do not stay up for whoever walks up next.
 */
export interface IdleTimerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type InputTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const ACTIVITY = ['pointerdown', 'keydown', 'wheel'] as const;

/** Starts waiting at once; the returned function stops it (no call after that). */
export function startIdleTimer(target: InputTarget, idleMs: number, onIdle: () => void, timers: IdleTimerTimers = globalThis): () => void {
  let handle: unknown = null;
  let stopped = false;
  const arm = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      if (stopped) return;
      stop();
      onIdle();
    }, idleMs);
  };
  const stop = () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
    for (const type of ACTIVITY) target.removeEventListener(type, arm, true);
  };
  for (const type of ACTIVITY) target.addEventListener(type, arm, true);
  arm();
  return stop;
}
