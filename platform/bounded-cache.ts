/**
 * A map that keeps its `capacity` most recently used entries: for values derived from stored
 * text that the same few reads ask for again and again (D-054), so a cache never grows with the
 * data. Values are frozen deeply when stored: they are shared by every answer that reads them,
 * and a caller changing one would change the others.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`cache capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value kept under `key`, now the most recently used; undefined when there is none. */
  get(key: K): V | undefined {
    const found = this.#entries.get(key);
    if (found === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end makes the first the least recent.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found;
  }

  /** Keeps `value` (frozen) under `key`, dropping the least recently used entry when full; returns it. */
  set(key: K, value: V): V {
    this.#entries.delete(key);
    this.#entries.set(key, deepFreeze(value));
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as K);
    return value;
  }

  /** The value of `key`, made and kept when it is not there. */
  getOrMake(key: K, make: () => V): V {
    return this.get(key) ?? this.set(key, make());
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
