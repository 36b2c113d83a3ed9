import { describe, expect, it } from 'vitest';
import { KeyedLock } from '../../../platform/keyed-lock.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedLock', () => {
  it('runs work of one key one at a time, in arrival order, and other keys alongside', async () => {
    const lock = new KeyedLock<number>();
    const events: string[] = [];
    let inside = 0;
    let most = 0;
    const job = (key: number, name: string) =>
      lock.run(key, async () => {
        inside += key === 1 ? 1 : 0;
        most = Math.max(most, inside);
        events.push(`${name} in`);
        await tick();
        events.push(`${name} out`);
        inside -= key === 1 ? 1 : 0;
        return name;
      });
    const results = await Promise.all([job(1, 'a'), job(1, 'b'), job(2, 'x'), job(1, 'c')]);
    expect(results).toEqual(['a', 'b', 'x', 'c']);
    expect(most).toBe(1);
    expect(events.filter((e) => !e.startsWith('x'))).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    // The other key did not wait for the first key's line.
    expect(events.indexOf('x in')).toBeLessThan(events.indexOf('b in'));
  });

  it('lets the next in line run after a failure, and passes the failure to its caller', async () => {
    const lock = new KeyedLock<string>();
    const failed = lock.run('m', async () => {
      throw new Error('boom');
    });
    const next = lock.run('m', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
