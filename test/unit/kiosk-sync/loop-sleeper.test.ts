// The work loops' sleep (main/sync/loop-sleeper.ts): a wake is never lost, whether it comes while
// the loop sleeps or while it works, and also after a sleep the timer ended (the old bug: a spent
// callback swallowed the next wake, and new work waited out the 30 s idle delay).
import { describe, expect, it } from 'vitest';
import { LoopSleeper, runWorkLoop } from '../../../main/sync/loop-sleeper.ts';

const LONG = 60_000;

/** Resolves with how long `p` took, or rejects when it takes longer than `limitMs`. */
async function within(p: Promise<void>, limitMs: number): Promise<number> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still asleep after ${limitMs} ms`)), limitMs)))]);
  clearTimeout(timer);
  return performance.now() - t0;
}

describe('LoopSleeper', () => {
  it('sleeps until its time when nothing wakes it', async () => {
    const s = new LoopSleeper();
    s.beginRound();
    expect(await within(s.sleep(30), 1000)).toBeGreaterThanOrEqual(25);
  });

  it('a wake cuts a sleep short', async () => {
    const s = new LoopSleeper();
    s.beginRound();
    const asleep = s.sleep(LONG);
    setTimeout(() => s.wake(), 10);
    await within(asleep, 1000);
  });

  it('a wake while the loop works means the next sleep does not happen, even after a sleep the timer ended', async () => {
    const s = new LoopSleeper();
    s.beginRound();
    await s.sleep(5); // ended by its timer
    s.beginRound();
    s.wake(); // new work arrives while the round runs
    await within(s.sleep(LONG), 100);
    // The wake is used once: the round after sleeps again.
    s.beginRound();
    const again = s.sleep(LONG);
    await expect(within(again, 50)).rejects.toThrow(/still asleep/);
    s.wake();
    await within(again, 100);
  });

  it('a wake before a round began is that round\'s, not the next sleep\'s', async () => {
    const s = new LoopSleeper();
    s.wake();
    s.beginRound();
    const asleep = s.sleep(LONG);
    await expect(within(asleep, 50)).rejects.toThrow(/still asleep/);
    s.wake();
    await within(asleep, 100);
  });
});

describe('runWorkLoop', () => {
  it('runs rounds back to back while they find work, sleeps when one finds none or throws, and stops', async () => {
    const sleeper = new LoopSleeper();
    let stopped = false;
    const rounds: string[] = [];
    const errors: unknown[] = [];
    const script = ['work', 'work', 'throw', 'idle', 'work'];
    const started = performance.now();
    const done = runWorkLoop({
      sleeper,
      stopped: () => stopped,
      round: async () => {
        const step = script[rounds.length] ?? 'idle';
        rounds.push(step);
        if (rounds.length === script.length) stopped = true;
        if (step === 'throw') throw new Error('database is locked');
        return step === 'work';
      },
      idleDelay: () => 40,
      onError: (error) => errors.push(error),
    });
    await within(done, 2000);
    expect(rounds).toEqual(script);
    expect(errors).toHaveLength(1);
    // Two idle sleeps of 40 ms: after the round that threw and after the idle one, not after work.
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });
});
