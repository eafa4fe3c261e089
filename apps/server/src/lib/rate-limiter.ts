import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import type { Limit } from '../config.js';

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

/**
 * Fixed-window counters in the database: one atomic upsert per hit, so every
 * server instance on the same database shares them.
 */
export function createRateLimiter(db: Database, now: () => number): RateLimiter {
  return {
    async hit(key, limit) {
      const at = now();
      const expired = sql`${rateLimits.windowStartedAt} <= ${at - limit.windowMs}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStartedAt: at })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${at}::bigint else ${rateLimits.windowStartedAt} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
      const count = row?.count ?? 1;
      const startedAt = Number(row?.windowStartedAt ?? at);
      return { allowed: count <= limit.max, count, retryAfterMs: Math.max(0, startedAt + limit.windowMs - at) };
    },
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
