import type { Config } from './config.js';
import type { Logger } from './lib/logger.js';
import type { RateLimiter } from './lib/rate-limiter.js';

export const RATE_LIMIT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** A window older than the longest limit's window can no longer refuse anything. */
export function longestLimitWindowMs(limits: Config['limits']): number {
  return Math.max(...Object.values(limits).map((limit) => limit.windowMs));
}

/**
 * Keeps the rate_limits table to live windows: prunes once at start-up, then
 * every RATE_LIMIT_PRUNE_INTERVAL_MS. Every instance may run it; the DELETE is
 * idempotent. Answers the stop function (the timer never holds the process open).
 */
export function startRateLimitPruning(deps: { config: Config; limiter: RateLimiter; logger: Logger }): () => void {
  const olderThanMs = longestLimitWindowMs(deps.config.limits);
  const prune = () => {
    void deps.limiter.prune(olderThanMs).then(
      (removed) => {
        if (removed > 0) deps.logger.debug({ removed }, 'pruned expired rate-limit windows');
      },
      (error: unknown) => deps.logger.error({ err: error }, 'rate-limit pruning failed'),
    );
  };
  prune();
  const timer = setInterval(prune, RATE_LIMIT_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
