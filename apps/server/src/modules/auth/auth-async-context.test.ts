import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createSignedInUser } from '../../test-support/auth.js';
import {
  BETTER_AUTH_STORAGE_KEYS,
  betterAuthCallsInFlight,
  createScopedStorages,
  ridesOnAsyncHooks,
  scopeBetterAuthStorages,
} from './auth-async-context.js';

/** Node 20's AsyncLocalStorage says whether it is enabled (its hooks running for it); frames have no such flag. */
const enabled = (storage: AsyncLocalStorage<unknown>): unknown => Reflect.get(storage, 'enabled');

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets promise reactions queued so far run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('scoped stores', () => {
  it('keep each run’s store across awaits while runs overlap, and disable together when the last settles', async () => {
    const scope = createScopedStorages();
    const first = scope.create<string>();
    const second = scope.create<string>();
    const gateA = deferred();
    const gateB = deferred();

    const runA = first.run('a', async () => {
      await gateA.promise;
      const inner = await second.run('a-inner', async () => {
        await settled();
        return second.getStore();
      });
      return [first.getStore(), inner];
    });
    const runB = second.run('b', async () => {
      await gateB.promise;
      return second.getStore();
    });
    expect(scope.inFlight()).toBe(2);
    if (ridesOnAsyncHooks) expect([enabled(first), enabled(second)]).toEqual([true, true]);

    gateA.resolve();
    expect(await runA).toEqual(['a', 'a-inner']);
    await settled();
    // B is still running: its store must stay readable.
    expect(scope.inFlight()).toBe(1);
    if (ridesOnAsyncHooks) expect([enabled(first), enabled(second)]).toEqual([true, true]);

    gateB.resolve();
    expect(await runB).toBe('b');
    await settled();
    expect(scope.inFlight()).toBe(0);
    if (ridesOnAsyncHooks) expect([enabled(first), enabled(second)]).toEqual([false, false]);
    expect(first.getStore()).toBeUndefined();

    // Disabled is not broken: the next run enables the store again.
    const again = await first.run('again', async () => {
      await settled();
      return first.getStore();
    });
    expect(again).toBe('again');
  });

  it('count a callback that throws, one that rejects and one that returns a plain value', async () => {
    const scope = createScopedStorages();
    const storage = scope.create<number>();

    expect(storage.run(1, () => storage.getStore())).toBe(1);
    expect(scope.inFlight()).toBe(0);

    expect(() =>
      storage.run(2, () => {
        throw new Error('thrown');
      }),
    ).toThrow('thrown');
    expect(scope.inFlight()).toBe(0);

    const rejected = storage.run(3, async () => {
      await settled();
      throw new Error('rejected');
    });
    expect(scope.inFlight()).toBe(1);
    await expect(rejected).rejects.toThrow('rejected');
    await settled();
    expect(scope.inFlight()).toBe(0);
    if (ridesOnAsyncHooks) expect(enabled(storage)).toBe(false);
  });
});

describe("Better Auth's stores in the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function sessionUserId(cookie: string): Promise<string | undefined> {
    const response = await t.app.request('/api/auth/get-session', { headers: { cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user?: { id?: string } } | null;
    return body?.user?.id;
  }

  it('are the scoped ones on async hooks, disabled between calls, and never mix up two users', async () => {
    const alice = await createSignedInUser(t);
    const bob = await createSignedInUser(t);

    // Many overlapping session reads: each must find its own user, whichever call ends first.
    const reads = Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? alice : bob));
    const found = await Promise.all(reads.map((signedIn) => sessionUserId(signedIn.cookie)));
    expect(found).toEqual(reads.map((signedIn) => signedIn.user.id));
    await settled();
    expect(betterAuthCallsInFlight()).toBe(0);

    const stores = scopeBetterAuthStorages();
    if (ridesOnAsyncHooks) {
      // All three places Better Auth looks hold a scoped store (an upgrade that moved them would fail here).
      expect(stores).toHaveLength(BETTER_AUTH_STORAGE_KEYS.length);
      expect(stores.map(enabled)).toEqual(BETTER_AUTH_STORAGE_KEYS.map(() => false));
    } else {
      // Node 24: async context frames, nothing to switch off; Better Auth keeps its own stores.
      expect(stores).toEqual([]);
    }
  });
});
