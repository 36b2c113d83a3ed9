import { describe, expect, it } from 'vitest';
import { TokenCache } from '../../../main/platform-client/token-cache.ts';

/** A token source that counts its calls; while held, calls wait until released. */
function counter(lifetimeSeconds = 7200) {
  let issued = 0;
  let gate: Promise<void> = Promise.resolve();
  let open = () => undefined as void;
  const fetchToken = async () => {
    issued += 1;
    const token = `t${issued}`;
    await gate;
    return { token, expiresInSeconds: lifetimeSeconds };
  };
  return {
    fetchToken,
    issued: () => issued,
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => open(),
  };
}

describe('token cache', () => {
  it('shares one refresh among every waiting call', async () => {
    const source = counter();
    source.hold();
    const cache = new TokenCache(source.fetchToken, () => 0);
    const waiting = Array.from({ length: 20 }, () => cache.get());
    await new Promise((resolve) => setTimeout(resolve, 5));
    source.release();
    const tokens = await Promise.all(waiting);
    expect(new Set(tokens)).toEqual(new Set(['t1']));
    expect(source.issued()).toBe(1);
  });

  it('refreshes five minutes before expiry, not after', async () => {
    let now = 0;
    const source = counter();
    const cache = new TokenCache(source.fetchToken, () => now);
    expect(await cache.get()).toBe('t1');
    now = (7200 - 301) * 1000;
    expect(await cache.get()).toBe('t1');
    now = (7200 - 299) * 1000;
    expect(await cache.get()).toBe('t2');
  });

  it('drops a rejected token but keeps one another call already refreshed', async () => {
    const source = counter();
    const cache = new TokenCache(source.fetchToken, () => 0);
    expect(await cache.get()).toBe('t1');
    cache.invalidate('t1');
    expect(await cache.get()).toBe('t2');
    cache.invalidate('t1');
    expect(await cache.get()).toBe('t2');
  });
});
