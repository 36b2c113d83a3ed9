/**
 * Runs work one at a time per key, in arrival order, within this process. For transactions that
 * all write one hot row (a merchant's quota order, D-078): run together, PostgreSQL's SERIALIZABLE
 * transactions fail each other and retry in a storm that a burst of 200 outlives; run in line,
 * each commits at its first attempt. Other processes still contend, rarely, and retry.
 */
export class KeyedLock<K> {
  readonly #tails = new Map<K, Promise<void>>();

  async run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.#tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      // The last in line leaves no entry behind.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
