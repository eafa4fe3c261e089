import type { Limit } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import type { AuthRequest } from './better-auth-pass-through.js';

type AuthAttempt = {
  /** The flow being limited, recorded as the denial's limitedAction. */
  action: string;
  key: string;
  limit: Limit;
  message: string;
  metadata: Record<string, unknown>;
};

/** Counts one attempt; over the limit, audits RATE_LIMIT_EXCEEDED and answers 429 with the spec's message. */
export function limitAuthAttempt(
  deps: Pick<AppDeps, 'limiter' | 'audit'>,
  request: AuthRequest,
  attempt: AuthAttempt,
): Promise<void> {
  return enforceRateLimit(deps, {
    key: attempt.key,
    limit: attempt.limit,
    message: attempt.message,
    auditDenial: {
      userId: null,
      action: 'RATE_LIMIT_EXCEEDED',
      success: false,
      metadata: { limitedAction: attempt.action, ...attempt.metadata },
      ipAddress: request.clientIp,
      userAgent: request.userAgent,
    },
  });
}
