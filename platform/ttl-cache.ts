/**
 * A bounded map whose entries are trusted for a fixed time (D-071): for what requests read again
 * and again and the database holds (token holders, merchant scopes, finished tasks' answers). The time bound
 * is what another node's change can take to show here; a change made by this process drops its
 * entries at once (`forget`). Time is monotonic (performance.now), not the platform's clock, so a
 * test's frozen clock cannot keep an entry alive.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { readonly value: V; readonly until: number }>();
  /** Bumped by every `forget`: a lookup that began before one may have read what it dropped. */
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(ttlMs >= 0)) throw new Error(`cache time must be >= 0 ms, got ${ttlMs}`);
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`cache capacity must be a positive integer, got ${capacity}`);
  }

  /** The value kept under `key` while it is fresh; undefined when there is none. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  /**
   * The value of `key`: kept, or read with `load` and kept unless it is undefined or a `forget`
   * ran while it was read (the read may then hold what was just changed).
   */
  async getOrLoad(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    return this.load(key, load);
  }

  /**
   * Reads `key`'s value with `load` whatever is kept, and keeps it unless it is undefined or a
   * `forget` ran while it was read: for a caller that found the kept value not to fit (TokenService
   * keeps a holder under a token's first characters and compares the whole token, D-089).
   */
  async load(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const generation = this.#generation;
    const value = await load();
    if (value !== undefined && generation === this.#generation) this.set(key, value);
    return value;
  }

  /** Drops every entry `matches` selects (a change this process made). */
  forget(matches: (key: K, value: V) => boolean): void {
    this.#generation++;
    for (const [key, entry] of this.#entries) if (matches(key, entry.value)) this.#entries.delete(key);
  }

  /** Keeps `value` under `key` for the cache's time (not at all when that is 0). */
  set(key: K, value: V): void {
    if (this.ttlMs === 0) return;
    this.#entries.delete(key);
    // Oldest first out (a Map keeps insertion order); entries expire anyway.
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, until: this.now() + this.ttlMs });
  }
}
