import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { interceptStatements } from '../test-support/intercept-statements.js';
import type { Database } from '../db/client.js';
import { createRateLimiter, RateLimitBatchError } from './rate-limiter.js';

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

/** The test database, counting the statements it sends (through execute or its client). */
function countingDb(db: Database) {
  const counter = { statements: 0 };
  return { db: interceptStatements(db, () => counter.statements++), counter };
}

async function storedCount(key: string) {
  const [row] = await t.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count;
}

describe('hits read together are counted by one statement', () => {
  const limit = { max: 3, windowMs: 60_000 };

  it('counts hits on many keys, and the same key twice, with one statement and each its own ordinal', async () => {
    const { db, counter } = countingDb(t.deps.db);
    const limiter = createRateLimiter(db, () => t.deps.now());
    const keys = ['batch:a', 'batch:b', 'batch:a', 'batch:c', 'batch:a'];
    const decisions = await Promise.all(keys.map((key) => limiter.hit(key, limit)));
    expect(counter.statements).toBe(1);
    expect(decisions.map((d) => d.count)).toEqual([1, 1, 2, 1, 3]);
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(await storedCount('batch:a')).toBe(3);
    expect(await storedCount('batch:b')).toBe(1);
  });

  it('enforces a limit crossed inside one batch exactly: the attempts past max are refused, the others allowed', async () => {
    await t.deps.limiter.hit('batch:cross', limit);
    await t.deps.limiter.hit('batch:cross', limit);
    const { db, counter } = countingDb(t.deps.db);
    const limiter = createRateLimiter(db, () => t.deps.now());
    const decisions = await Promise.all([
      limiter.hit('batch:cross', limit),
      limiter.hit('batch:other', limit),
      limiter.hit('batch:cross', limit),
      limiter.hit('batch:cross', limit),
    ]);
    expect(counter.statements).toBe(1);
    expect(decisions.map((d) => [d.count, d.allowed])).toEqual([
      [3, true],
      [1, true],
      [4, false],
      [5, false],
    ]);
    expect(decisions[2]?.retryAfterMs).toBeGreaterThan(0);
    expect(decisions[2]?.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Each hit is judged against its own limit: a stricter one on the same key refuses sooner.
    const strict = await Promise.all([
      t.deps.limiter.hit('batch:cross', { ...limit, max: 5 }),
      t.deps.limiter.hit('batch:cross', { ...limit, max: 7 }),
    ]);
    expect(strict.map((d) => [d.count, d.allowed])).toEqual([
      [6, false],
      [7, true],
    ]);
  });

  it('starts a new window for a key whose window has ended, beside keys whose window is still open', async () => {
    for (let i = 0; i < 3; i++) await t.deps.limiter.hit('batch:old', limit);
    t.advanceTime(30_000);
    await t.deps.limiter.hit('batch:young', limit);
    t.advanceTime(30_001);
    const decisions = await Promise.all([
      t.deps.limiter.hit('batch:old', limit),
      t.deps.limiter.hit('batch:young', limit),
      t.deps.limiter.hit('batch:old', limit),
    ]);
    expect(decisions.map((d) => [d.count, d.allowed])).toEqual([
      [1, true],
      [2, true],
      [2, true],
    ]);
    // The new window's full length is left (it starts with this batch); the young window's is about half.
    expect(decisions[0]?.retryAfterMs).toBe(60_000);
    expect(decisions[1]?.retryAfterMs).toBeGreaterThan(29_000);
    expect(decisions[1]?.retryAfterMs).toBeLessThanOrEqual(29_999);
  });

  it('counts one key hit with two window lengths in one batch as it would one after the other', async () => {
    const short = { max: 10, windowMs: 1_000 };
    const decisions = await Promise.all([
      t.deps.limiter.hit('batch:two-windows', limit),
      t.deps.limiter.hit('batch:two-windows', short),
      t.deps.limiter.hit('batch:two-windows', limit),
    ]);
    expect(decisions.map((d) => d.count)).toEqual([1, 2, 3]);
    expect(await storedCount('batch:two-windows')).toBe(3);
  });

  it('fails every hit of a batch whose statement fails, with a clear error, and counts none of them', async () => {
    await t.deps.limiter.hit('batch:fails', limit);
    // A NUL character cannot be stored in a text column: the database refuses the whole statement.
    const outcomes = await Promise.allSettled([
      t.deps.limiter.hit('batch:fails', limit),
      t.deps.limiter.hit('batch:fails-new', limit),
      t.deps.limiter.hit('batch:bad\u0000key', limit),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(RateLimitBatchError);
        expect((outcome.reason as Error).message).toBe(
          'rate limiter: a batch of 3 hit(s) could not be counted; none of them was',
        );
      }
    }
    expect(await storedCount('batch:fails')).toBe(1);
    expect(await storedCount('batch:fails-new')).toBeUndefined();
    // The next batch is counted as usual.
    expect((await t.deps.limiter.hit('batch:fails', limit)).count).toBe(2);
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
