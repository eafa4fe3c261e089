import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import type { Limit } from '../config.js';
import { createGroupWriter, type GroupWriter } from './group-commit.js';

export type LimitDecision = { allowed: boolean; count: number; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one attempt against key and says whether it is within the limit. */
  hit: (key: string, limit: Limit) => Promise<LimitDecision>;
  /** Says whether one more attempt would be allowed, without counting one. */
  peek: (key: string, limit: Limit) => Promise<LimitDecision>;
  reset: (key: string) => Promise<void>;
  /** Deletes windows that started at least olderThanMs ago (the longest window in use); answers how many. */
  prune: (olderThanMs: number) => Promise<number>;
};

/** Hits on one key waiting together: more than this many go as the next group. */
const MAX_HITS_PER_GROUP = 500;

/**
 * Fixed-window counters in the database: one atomic upsert per hit, so every
 * server instance on the same database shares them.
 *
 * Concurrent hits on one key are counted by one upsert (group commit,
 * lib/group-commit.ts): k hits add k, and the i-th of them sees the count it
 * would have seen had they run one after another, so a limit allows exactly as
 * many attempts as before. This keeps a hot key (every sign-up from one
 * address) from queueing each request behind the previous one's row lock.
 */
export function createRateLimiter(db: Database, now: () => number): RateLimiter {
  /**
   * k hits on key in one window: the count after them and when that window
   * started. One upsert, written as SQL rather than with the query builder: it
   * runs for every limited request, and building it cost ~70 µs of the one
   * JavaScript thread against ~7 µs for the template (docs/performance.md, round 3).
   */
  const addHits = async (key: string, windowMs: number, hits: number) => {
    const at = now();
    const expired = sql`${rateLimits}.window_started_at <= ${at - windowMs}`;
    const { rows } = await db.execute<{ count: number; window_started_at: string | number }>(sql`
      insert into ${rateLimits} (key, count, window_started_at) values (${key}, ${hits}, ${at})
      on conflict (key) do update set
        count = case when ${expired} then excluded.count else ${rateLimits}.count + excluded.count end,
        window_started_at = case when ${expired} then excluded.window_started_at else ${rateLimits}.window_started_at end
      returning count, window_started_at`);
    const [row] = rows;
    return { at, count: row ? Number(row.count) : hits, startedAt: row ? Number(row.window_started_at) : at };
  };

  const writers = new Map<string, GroupWriter<Limit, LimitDecision>>();
  const writerFor = (key: string, windowMs: number) => {
    const id = `${windowMs}:${key}`;
    let writer = writers.get(id);
    if (!writer) {
      writer = createGroupWriter<Limit, LimitDecision>(
        async (limits) => {
          const { at, count, startedAt } = await addHits(key, windowMs, limits.length);
          const retryAfterMs = Math.max(0, startedAt + windowMs - at);
          // The group's hits in arrival order: the first saw count - k + 1.
          return limits.map((limit, index) => {
            const seen = count - limits.length + 1 + index;
            return { allowed: seen <= limit.max, count: seen, retryAfterMs };
          });
        },
        { maxGroup: MAX_HITS_PER_GROUP, onIdle: () => writers.delete(id) },
      );
      writers.set(id, writer);
    }
    return writer;
  };

  return {
    hit: (key, limit) => writerFor(key, limit.windowMs).submit(limit),
    async peek(key, limit) {
      const at = now();
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row || Number(row.windowStartedAt) <= at - limit.windowMs) {
        return { allowed: true, count: 0, retryAfterMs: 0 };
      }
      return {
        allowed: row.count < limit.max,
        count: row.count,
        retryAfterMs: Math.max(0, Number(row.windowStartedAt) + limit.windowMs - at),
      };
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    async prune(olderThanMs) {
      const removed = await db
        .delete(rateLimits)
        .where(lte(rateLimits.windowStartedAt, now() - olderThanMs))
        .returning({ key: rateLimits.key });
      return removed.length;
    },
  };
}
