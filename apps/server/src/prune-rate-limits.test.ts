import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from './db/schema.js';
import { longestLimitWindowMs, RATE_LIMIT_PRUNE_INTERVAL_MS, startRateLimitPruning } from './prune-rate-limits.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('startRateLimitPruning', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prunes at start-up and then every interval, past the longest configured window', async () => {
    const longest = longestLimitWindowMs(t.config.limits);
    expect(longest).toBe(t.config.limits.authMail.windowMs);
    await t.deps.limiter.hit('schedule:a', { max: 1, windowMs: 1000 });
    t.advanceTime(longest + 1);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startRateLimitPruning(t.deps);
    await vi.waitFor(async () => {
      const keys = (await t.deps.db.select().from(rateLimits)).map((row) => row.key);
      expect(keys).not.toContain('schedule:a');
    });
    await t.deps.limiter.hit('schedule:b', { max: 1, windowMs: 1000 });
    t.advanceTime(longest + 1);
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_PRUNE_INTERVAL_MS);
    await vi.waitFor(async () => {
      const keys = (await t.deps.db.select().from(rateLimits)).map((row) => row.key);
      expect(keys).not.toContain('schedule:b');
    });
    stop();
  });
});
