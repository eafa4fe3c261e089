import { AsyncLocalStorage } from 'node:async_hooks';
import { getBetterAuthVersion } from '@better-auth/core/context';

/**
 * Better Auth keeps three AsyncLocalStorage stores (its endpoint context, its
 * request state and the adapter of a transaction) and enters them on every
 * call. On Node 20 and 22 an AsyncLocalStorage rides on async_hooks: from the
 * first store entered, Node runs its hooks for every promise and async resource
 * the process makes, and keeps running them until each store is disabled, which
 * Better Auth never does. So after the first sign-in every request paid for
 * them, static files and newsletter sign-ups included, which never touch Better
 * Auth: ~12 % of a PostgreSQL sign-up's CPU (docs/performance-log.md, "what every request paid for that it did not
 * use").
 *
 * scopeBetterAuthStorages() puts stores of its own in the places Better Auth
 * looks for them (it creates one only where none is: `context.<name> ??= new
 * AsyncLocalStorage()`). They count the calls in flight (run() until the
 * promise its callback returned has settled) and, when the last one settles,
 * disable themselves; the next run() enables them again. A store is only read
 * inside a run() here: Better Auth's calls are awaited (Keel sets no
 * backgroundTasks handler, and auth mail is sent outside Better Auth's stores),
 * so nothing that reads one is left running when they are disabled.
 *
 * Node 24 keeps stores in async context frames, with no hooks to switch off:
 * there (ridesOnAsyncHooks false) Better Auth's own stores are left as they are.
 */

/** Whether this Node's AsyncLocalStorage is the async_hooks one (Node 20, 22), not async context frames (24). */
export const ridesOnAsyncHooks = typeof Reflect.get(AsyncLocalStorage.prototype, '_propagate') === 'function';

/** Where Better Auth keeps its stores (@better-auth/core, src/context/global.ts and its users). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
export const BETTER_AUTH_STORAGE_KEYS = [
  'endpointContextAsyncStorage',
  'requestStateAsyncStorage',
  'adapterAsyncStorage',
] as const;

export type ScopedStorages = {
  /** A store that counts its runs with every other store of this scope. */
  create: <T>() => AsyncLocalStorage<T>;
  /** Runs not yet settled, across the scope's stores. */
  inFlight: () => number;
};

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof Reflect.get(value, 'then') === 'function'
  );
}

/** Stores that disable themselves, all together, whenever no run() of any of them is in flight. */
export function createScopedStorages(): ScopedStorages {
  const storages: AsyncLocalStorage<unknown>[] = [];
  let inFlight = 0;
  const settle = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const storage of storages) storage.disable();
  };

  class ScopedStorage<T> extends AsyncLocalStorage<T> {
    override run<R>(store: T, callback: () => R): R;
    override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R;
    override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
      inFlight += 1;
      let result: R;
      try {
        result = super.run(store, callback, ...args);
      } catch (error) {
        settle();
        throw error;
      }
      // The caller gets result itself, rejection included; this only watches it settle.
      if (isThenable(result)) result.then(settle, settle);
      else settle();
      return result;
    }
  }

  return {
    create: <T>() => {
      const storage = new ScopedStorage<T>();
      storages.push(storage as AsyncLocalStorage<unknown>);
      return storage;
    },
    inFlight: () => inFlight,
  };
}

const scope = createScopedStorages();

/**
 * Installs the scoped stores where Better Auth will look for them; a no-op under
 * async context frames, and for a store Better Auth has already made. Returns the
 * stores installed now or before (tests read them).
 */
export function scopeBetterAuthStorages(): AsyncLocalStorage<unknown>[] {
  if (!ridesOnAsyncHooks) return [];
  // Better Auth makes its global on first use, which may be after this (its context is built asynchronously).
  getBetterAuthVersion();
  const global: unknown = Reflect.get(globalThis, BETTER_AUTH_GLOBAL);
  const context: unknown = typeof global === 'object' && global !== null ? Reflect.get(global, 'context') : undefined;
  if (typeof context !== 'object' || context === null) return [];
  for (const key of BETTER_AUTH_STORAGE_KEYS) {
    if (Reflect.get(context, key) === undefined) Reflect.set(context, key, scope.create());
  }
  return BETTER_AUTH_STORAGE_KEYS.map((key): unknown => Reflect.get(context, key)).filter(
    (storage): storage is AsyncLocalStorage<unknown> => storage instanceof AsyncLocalStorage,
  );
}

/** Better Auth's calls in flight, as the scoped stores count them. */
export function betterAuthCallsInFlight(): number {
  return scope.inFlight();
}
