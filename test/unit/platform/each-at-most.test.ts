// eachAtMost (platform/analysis/each-at-most.ts) runs a task's output writes a few at a time
// (D-109): never more than its limit at once, every item once, and after a failure no new item.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eachAtMost } from '../../../platform/analysis/each-at-most.ts';

/** Work that takes `ms` and records how many ran at once and which items started. */
function tracked(ms: (index: number) => number, failAt?: number) {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const work = async (_item: string, index: number) => {
    started.push(index);
    running += 1;
    most = Math.max(most, running);
    try {
      await sleep(ms(index));
      if (index === failAt) throw new Error(`item ${index} failed`);
    } finally {
      running -= 1;
    }
  };
  return { work, started, most: () => most, running: () => running };
}

const ITEMS = Array.from({ length: 10 }, (_, i) => `file-${i}`);

describe('eachAtMost', () => {
  it('runs every item once, in order of start, never more than the limit at once', async () => {
    const t = tracked((i) => 5 + (i % 3) * 5);
    await eachAtMost(ITEMS, 4, t.work);
    expect(t.started).toEqual([...ITEMS.keys()]);
    expect(t.most()).toBe(4);
  });

  it('runs one at a time with a limit of 1, and all at once with a limit above the count', async () => {
    const one = tracked(() => 2);
    await eachAtMost(ITEMS, 1, one.work);
    expect(one.most()).toBe(1);
    const all = tracked(() => 2);
    await eachAtMost(ITEMS.slice(0, 3), 8, all.work);
    expect(all.most()).toBe(3);
  });

  it('does nothing for no items', async () => {
    const t = tracked(() => 1);
    await eachAtMost([], 4, t.work);
    expect(t.started).toEqual([]);
  });

  it('after a failure starts nothing new, lets the running ones settle, then throws the first failure', async () => {
    // Item 1 fails at 5 ms while items 0, 2 and 3 run for 30 ms.
    const t = tracked((i) => (i === 1 ? 5 : 30), 1);
    await expect(eachAtMost(ITEMS, 4, t.work)).rejects.toThrow('item 1 failed');
    expect(t.started).toEqual([0, 1, 2, 3]);
    expect(t.running()).toBe(0);
  });
});
