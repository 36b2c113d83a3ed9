/**
 * Caches the access token and refreshes it ahead of expiry. However many calls wait at once,
 * one refresh runs; a token the platform rejected (1001) is dropped so the next get() fetches.
 */
export interface IssuedToken {
  token: string;
  /** Seconds the token lives, as the platform said (7200). */
  expiresInSeconds: number;
}

export class TokenCache {
  private current: { token: string; refreshAt: number } | null = null;
  private inflight: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
    /** Refresh this long before expiry, so a call never starts with a token about to lapse. */
    private readonly marginMs = 5 * 60_000,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.token;
    this.inflight ??= this.refresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Forget `token` if it is still the cached one (another call may have refreshed already). */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = null;
  }

  clear(): void {
    this.current = null;
  }

  private async refresh(): Promise<string> {
    const startedAt = this.now();
    const issued = await this.fetchToken();
    const lifetimeMs = issued.expiresInSeconds * 1000;
    const refreshAt = startedAt + Math.max(lifetimeMs - this.marginMs, lifetimeMs / 2);
    this.current = { token: issued.token, refreshAt };
    return issued.token;
  }
}
