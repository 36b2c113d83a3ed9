import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../../platform/ttl-cache.ts';

describe('what authentication keeps for a short time (D-071)', () => {
  it('serves an entry until its time is up, then reads again', async () => {
    let now = 0;
    const cache = new TtlCache<string, number>(1000, 10, () => now);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 999;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1000;
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('keeps nothing that was not found, so a new row is seen at once', async () => {
    const cache = new TtlCache<string, number>(1000, 10, () => 0);
    expect(await cache.getOrLoad('a', async () => undefined)).toBeUndefined();
    expect(await cache.getOrLoad('a', async () => 7)).toBe(7);
  });

  it('drops what this process changed, and does not keep a read that overlapped the change', async () => {
    const cache = new TtlCache<string, string>(1000, 10, () => 0);
    await cache.getOrLoad('t1', async () => 'app1');
    cache.forget((_, app) => app === 'app1');
    expect(cache.get('t1')).toBeUndefined();
    // A read begun before a change may return the old row: it answers this request, it is not kept.
    let finish!: (value: string) => void;
    const slow = cache.getOrLoad('t2', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.forget(() => false);
    finish('old');
    expect(await slow).toBe('old');
    expect(cache.get('t2')).toBeUndefined();
  });

  it('keeps at most its capacity, oldest out first', async () => {
    const cache = new TtlCache<string, number>(1000, 2, () => 0);
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) await cache.getOrLoad(key, async () => value);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});
