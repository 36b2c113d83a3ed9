/**
 * The inactivity clock of one screen (issue 16 item 1, D-046): untouched for `timeoutMs - warningMs`
 * it warns ("Are you still there?"), untouched until `timeoutMs` it expires, once. Activity starts
 * the wait again and takes the warning away; a busy screen (a capture countdown, an analysis
 * running) holds the clock, and starts a whole wait again when it is done. Timers come in, so a
 * test drives it with a fake clock.
 */
export interface IdleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type IdlePhase = 'watching' | 'warning' | 'held' | 'expired' | 'stopped';

export interface IdleCountdownOptions {
  readonly timeoutMs: number;
  readonly warningMs: number;
  /** The warning appeared (with when the screen will close) or went away (null). */
  readonly onWarning: (closesAt: number | null) => void;
  readonly onExpire: () => void;
  readonly clock?: IdleClock;
}

const systemClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The warning's length for a timeout: the last third, at most 15 s (D-046). */
export function warningMsFor(timeoutMs: number): number {
  return Math.min(15_000, Math.floor(timeoutMs / 3));
}

export class IdleCountdown {
  #phase: IdlePhase = 'watching';
  #handle: unknown = null;
  readonly #options: IdleCountdownOptions;
  readonly #clock: IdleClock;

  constructor(options: IdleCountdownOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#watch();
  }

  get phase(): IdlePhase {
    return this.#phase;
  }

  /** A touch, key, typed character, or a face in front of the camera: the wait starts again. */
  activity(): void {
    if (this.#phase !== 'watching' && this.#phase !== 'warning') return;
    this.#watch();
  }

  /** Busy screens never time out mid-work; when the work ends, a whole wait starts. */
  setBusy(busy: boolean): void {
    if (this.#phase === 'expired' || this.#phase === 'stopped') return;
    if (busy) {
      if (this.#phase === 'held') return;
      this.#clear();
      this.#setPhase('held');
    } else if (this.#phase === 'held') {
      this.#watch();
    }
  }

  /** The screen went away by itself: nothing more is called. */
  stop(): void {
    if (this.#phase === 'stopped') return;
    this.#clear();
    this.#setPhase('stopped');
  }

  #watch(): void {
    this.#clear();
    this.#setPhase('watching');
    const { timeoutMs, warningMs } = this.#options;
    this.#handle = this.#clock.setTimeout(() => this.#warn(), Math.max(0, timeoutMs - warningMs));
  }

  #warn(): void {
    const { warningMs } = this.#options;
    this.#setPhase('warning', this.#clock.now() + warningMs);
    this.#handle = this.#clock.setTimeout(() => {
      this.#handle = null;
      this.#setPhase('expired');
      this.#options.onExpire();
    }, warningMs);
  }

  #setPhase(phase: IdlePhase, closesAt: number | null = null): void {
    const wasWarning = this.#phase === 'warning';
    this.#phase = phase;
    if (phase === 'warning') this.#options.onWarning(closesAt);
    else if (wasWarning && phase !== 'expired') this.#options.onWarning(null);
  }

  #clear(): void {
    if (this.#handle !== null) this.#clock.clearTimeout(this.#handle);
    this.#handle = null;
  }
}
