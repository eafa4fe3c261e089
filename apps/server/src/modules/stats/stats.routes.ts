import { Hono } from 'hono';
import { createTtlCache } from '../../chain/ttl-cache.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { readPublicStats, type PublicStats } from './read-public-stats.js';
import { statsDocs } from './stats.docs.js';

/**
 * GET /api/stats: public, for the prerendered landing page. Every visitor
 * within STATS_CACHE_MS shares one chain read and one count, so the endpoint
 * costs the same however often it is hit (no per-request limiter write).
 */
export function statsRoutes(deps: AppDeps) {
  const cache = createTtlCache<PublicStats>({ ttlMs: deps.config.statsCacheMs, now: () => deps.now(), maxEntries: 1 });
  return new Hono<AppEnv>().get('/', statsDocs, async (c) => {
    const stats = await cache.get('stats', () =>
      readPublicStats({
        db: deps.db,
        client: deps.chain.client,
        listVaults: () => deps.chain.vaults.list(),
        now: () => deps.now(),
        logger: deps.logger,
      }),
    );
    return c.json(stats);
  });
}
