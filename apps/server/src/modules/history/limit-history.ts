import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';

/** The 429's message, naming the wait (Retry-After says it too). */
function historyRateLimited(retryAfterSeconds: number): string {
  return `Too many history requests. Please try again in ${retryAfterSeconds} seconds.`;
}

/**
 * Per-user cap on history reads: each one loads the user's whole history and
 * reads the chain; statements draw on the same budget. A limiter failure refuses (fails closed), as for vault reads.
 */
export function limitHistory(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(deps, {
      key: `history:${c.get('user')?.id ?? 'anonymous'}`,
      limit: deps.config.limits.history,
      message: historyRateLimited,
      onLimiterError: (error) => c.get('logger').error({ err: error }, 'history rate-limit check failed'),
    });
    await next();
  });
}
