import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TokenHolder, TokenRepository } from '../../../platform/auth/token-repository.ts';
import { TokenService } from '../../../platform/auth/token-service.ts';
import type { Clock } from '../../../platform/clock.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_Ab';
const holder: TokenHolder = { app_id: 'app1', level: 'merchant', group_id: 1, merchant_id: 7, expires_at: 10_000 };

/** Tokens as the database holds them: by sha256, counting the reads. */
function tokensRepository(tokens: readonly string[]) {
  const byHash = new Map(tokens.map((t) => [createHash('sha256').update(t).digest('hex'), holder]));
  const reads: string[] = [];
  const repository = {
    findHolder: async (hash: string) => {
      reads.push(hash);
      return byHash.get(hash);
    },
  } as unknown as TokenRepository;
  return { repository, reads };
}

const fixedClock = (now: number): Clock => ({ now: () => now });

describe('a kept token is proven by the whole token, not its hash (D-089)', () => {
  it('answers a kept token from memory, and only that exact token', async () => {
    const { repository, reads } = tokensRepository([TOKEN]);
    const service = new TokenService(repository, fixedClock(0));
    expect(service.authenticateKept(TOKEN)).toBeUndefined();
    expect((await service.authenticate(TOKEN)).merchantId).toBe(7);
    expect(reads).toHaveLength(1);
    expect(service.authenticateKept(TOKEN)?.merchantId).toBe(7);
    expect((await service.authenticate(TOKEN)).merchantId).toBe(7);
    expect(reads).toHaveLength(1);
    // Same first characters, another end; a part of the token; the token with more after it.
    for (const other of [`${TOKEN.slice(0, -1)}B`, TOKEN.slice(0, 16), TOKEN.slice(0, 39), `${TOKEN}x`, `${TOKEN.slice(0, 16)}${'A'.repeat(24)}`]) {
      expect(service.authenticateKept(other), other).toBeUndefined();
      await expect(service.authenticate(other), other).rejects.toMatchObject({ info: { code: 1001 } });
    }
    // The refused tokens were looked up by their own hash, and did not take the kept token's place.
    expect(reads).toHaveLength(6);
    expect(service.authenticateKept(TOKEN)?.merchantId).toBe(7);
  });

  it('keeps a token that shares its first characters with another without confusing the two', async () => {
    const second = `${TOKEN.slice(0, 16)}${'Z'.repeat(24)}`;
    const { repository } = tokensRepository([TOKEN, second]);
    const service = new TokenService(repository, fixedClock(0));
    await service.authenticate(TOKEN);
    await service.authenticate(second);
    // One entry per first characters: the later one is kept, the earlier is read again, never taken for the other.
    expect(service.authenticateKept(second)?.appId).toBe('app1');
    expect(service.authenticateKept(TOKEN)).toBeUndefined();
    expect((await service.authenticate(TOKEN)).appId).toBe('app1');
  });

  it('checks expiry against the clock on every kept request', async () => {
    let now = 0;
    const { repository } = tokensRepository([TOKEN]);
    const service = new TokenService(repository, { now: () => now } satisfies Clock);
    await service.authenticate(TOKEN);
    now = holder.expires_at;
    expect(service.authenticateKept(TOKEN)).toBeUndefined();
    await expect(service.authenticate(TOKEN)).rejects.toMatchObject({ info: { code: 1001 } });
  });
});
