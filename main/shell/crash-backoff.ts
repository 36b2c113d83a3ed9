/**
 * Restarts after a crash, with exponential backoff (D-042): a page (Electron's renderer) or a
 * window (the browser host's Chromium) that dies is brought back after 1 s, then 2, 4, ... up to
 * a minute while it keeps dying soon after each restart; once it has run for a stable period the
 * next crash starts from 1 s again. A page that crashes on load would otherwise be reloaded as
 * fast as it can die, pinning a CPU and flooding the log. Electron-free and clock-injected, so
 * tests drive it with fake timers.
 */

export interface CrashBackoffOptions {
  /** Delay before the first restart. Default 1 s. */
  readonly firstDelayMs?: number;
  /** The longest delay. Default 60 s. */
  readonly maxDelayMs?: number;
  /** Running this long since the last restart makes the next crash a first one again. Default 2 min. */
  readonly stableMs?: number;
  readonly now?: () => number;
  /** Told each planned restart: how many crashes in a row and the delay. */
  readonly onPlanned?: (crashes: number, delayMs: number) => void;
}

export const CRASH_BACKOFF_DEFAULTS = { firstDelayMs: 1000, maxDelayMs: 60_000, stableMs: 120_000 } as const;

export class CrashBackoff {
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly stableMs: number;
  private readonly now: () => number;
  /** Crashes since the last stable period. */
  private crashes = 0;
  private restartedAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly restart: () => void,
    private readonly options: CrashBackoffOptions = {},
  ) {
    this.firstDelayMs = options.firstDelayMs ?? CRASH_BACKOFF_DEFAULTS.firstDelayMs;
    this.maxDelayMs = options.maxDelayMs ?? CRASH_BACKOFF_DEFAULTS.maxDelayMs;
    this.stableMs = options.stableMs ?? CRASH_BACKOFF_DEFAULTS.stableMs;
    this.now = options.now ?? Date.now;
  }

  /**
   * The page or window is gone: plans its restart and answers the delay, or null when a restart
   * is planned already (one crash can be reported twice) or the backoff was disposed.
   */
  crashed(): number | null {
    if (this.timer !== null || this.disposed) return null;
    if (this.restartedAt !== null && this.now() - this.restartedAt >= this.stableMs) this.crashes = 0;
    const delay = Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** Math.min(this.crashes, 30));
    this.crashes += 1;
    this.options.onPlanned?.(this.crashes, delay);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.restartedAt = this.now();
      this.restart();
    }, delay);
    return delay;
  }

  /** Cancels a planned restart for good (the kiosk is shutting down). */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
