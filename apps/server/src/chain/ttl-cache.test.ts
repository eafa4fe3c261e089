import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

function clock() {
  let at = 1_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('createTtlCache', () => {
  it('shares one in-flight load between concurrent callers and reuses it until it expires', async () => {
    const time = clock();
    const cache = createTtlCache<number>({ ttlMs: 100, now: time.now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    const burst = await Promise.all(Array.from({ length: 20 }, () => cache.get('vault', load)));
    expect(burst).toEqual(Array.from({ length: 20 }, () => 1));
    time.advance(99);
    expect(await cache.get('vault', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('vault', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('forgets a failed load so the next caller retries', async () => {
    const cache = createTtlCache<string>({ ttlMs: 60_000, now: clock().now });
    await expect(cache.get('vault', () => Promise.reject(new Error('rpc down')))).rejects.toThrow('rpc down');
    await Promise.resolve();
    expect(await cache.get('vault', async () => 'ok')).toBe('ok');
  });

  it('caches nothing with a zero ttl', async () => {
    const cache = createTtlCache<number>({ ttlMs: 0, now: clock().now });
    let loads = 0;
    await cache.get('vault', async () => ++loads);
    await cache.get('vault', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('stays bounded', async () => {
    const time = clock();
    const cache = createTtlCache<number>({ ttlMs: 60_000, now: time.now, maxEntries: 3 });
    let loads = 0;
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => ++loads);
    // 'a' was the oldest and was dropped to make room for 'd'.
    expect(await cache.get('a', async () => ++loads)).toBe(5);
    expect(await cache.get('d', async () => ++loads)).toBe(4);
  });
});
