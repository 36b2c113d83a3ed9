import type { ObjectStore } from '../../platform/objects/object-store.ts';

/** The store with some of its methods replaced (to count walks, refuse keys or stop a node mid-walk); the rest are its own. */
export function storeWith(store: ObjectStore, overrides: Partial<ObjectStore>): ObjectStore {
  return new Proxy(store, {
    get(target, name) {
      if (Object.hasOwn(overrides, name)) return Reflect.get(overrides, name);
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
