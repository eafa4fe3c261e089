import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createRateLimiter } from './rate-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('database rate limiter', () => {
  const limit = { max: 3, windowMs: 60_000 };

  it('allows up to max hits in a window, then refuses with a retry time', async () => {
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await t.deps.limiter.hit('test:a', limit));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterMs).toBeGreaterThan(0);
    expect(decisions[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('opens a new window once the old one has passed', async () => {
    for (let i = 0; i < 3; i++) await t.deps.limiter.hit('test:b', limit);
    expect((await t.deps.limiter.peek('test:b', limit)).allowed).toBe(false);
    t.advanceTime(60_001);
    expect((await t.deps.limiter.peek('test:b', limit)).allowed).toBe(true);
    expect((await t.deps.limiter.hit('test:b', limit)).count).toBe(1);
  });

  it('counts concurrent hits on one key exactly: the first max are allowed, each sees its own count', async () => {
    const decisions = await Promise.all(Array.from({ length: 8 }, () => t.deps.limiter.hit('test:burst', limit)));
    expect(decisions.map((d) => d.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    expect(decisions.slice(3).every((d) => !d.allowed && d.retryAfterMs > 0)).toBe(true);
    const [row] = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:burst'));
    expect(row?.count).toBe(8);
  });

  it('is shared by two limiters on one database (two server instances)', async () => {
    const other = createRateLimiter(t.deps.db, () => t.deps.now());
    await t.deps.limiter.hit('test:c', limit);
    await other.hit('test:c', limit);
    await t.deps.limiter.hit('test:c', limit);
    expect((await other.hit('test:c', limit)).allowed).toBe(false);
    await other.reset('test:c');
    expect((await t.deps.limiter.hit('test:c', limit)).allowed).toBe(true);
  });
});

describe('pruning expired windows', () => {
  it('deletes windows older than the given age and keeps the live ones', async () => {
    const short = { max: 5, windowMs: 60_000 };
    await t.deps.limiter.hit('prune:old', short);
    t.advanceTime(30 * 60_000);
    await t.deps.limiter.hit('prune:fresh', short);
    const before = (await t.deps.db.select().from(rateLimits)).length;
    const removed = await t.deps.limiter.prune(30 * 60_000);
    // prune:old and the earlier tests' windows; only prune:fresh is younger than 30 minutes.
    expect(removed).toBe(before - 1);
    const keys = (await t.deps.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('prune:fresh');
    expect(keys).not.toContain('prune:old');
  });
});
