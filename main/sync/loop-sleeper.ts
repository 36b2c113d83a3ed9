/**
 * The sleep of a work loop (the sync engine, the report mailer) that `wake()` cuts short. A wake
 * that arrives while the loop is busy is kept, and the loop's next sleep does not happen: the
 * earlier version set its wake-up callback only while asleep and never cleared it when the timer
 * ended the sleep, so a wake during the next round of work called a spent callback and was lost,
 * and new work could wait out the whole idle delay (30 s).
 */
export class LoopSleeper {
  #wakeUp: (() => void) | null = null;
  #woken = false;

  /** At the start of each round of work: the round sees whatever an earlier wake asked for. */
  beginRound(): void {
    this.#woken = false;
  }

  wake(): void {
    if (this.#wakeUp) this.#wakeUp();
    else this.#woken = true;
  }

  /** Sleeps `ms`, or until woken; not at all when a wake came since the round began. */
  sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakeUp = done;
    });
  }
}

/** One background work loop (the sync engine's, the report mailer's). */
export interface WorkLoop {
  readonly sleeper: LoopSleeper;
  readonly stopped: () => boolean;
  /** One round of work; true when something was done (the next round follows at once). */
  readonly round: () => Promise<boolean>;
  /** How long to sleep after a round that found nothing to do. */
  readonly idleDelay: () => number;
  /** A round that threw: a database fault or a bug. */
  readonly onError: (error: unknown) => void;
}

/**
 * Runs rounds until stopped. A round that throws is reported and followed by a sleep, so a
 * persistent fault does not spin the loop.
 */
export async function runWorkLoop(loop: WorkLoop): Promise<void> {
  while (!loop.stopped()) {
    loop.sleeper.beginRound();
    let worked = false;
    try {
      worked = await loop.round();
    } catch (error) {
      loop.onError(error);
    }
    if (!worked && !loop.stopped()) await loop.sleeper.sleep(loop.idleDelay());
  }
}
