import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { limitAuthAttempt } from './limit-auth-attempt.js';

export function twoStepAccountKey(userId: string): string {
  return `auth:two-step:user:${userId}`;
}

/**
 * Counts one two-step code against the client IP and the account (when known),
 * in the shared rate_limits table; a right code clears the account's count, so
 * only wrong codes add up. Better Auth's own per-challenge and lockout counters
 * still apply underneath.
 */
export async function limitTwoStepAttempt(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  request: AuthRequest,
  attempt: { userId: string | null; flow: string },
): Promise<void> {
  const limits = deps.config.limits;
  if (request.clientIp) {
    await limitAuthAttempt(deps, request, {
      action: attempt.flow,
      key: `auth:two-step:ip:${request.clientIp}`,
      limit: limits.twoStepPerIp,
      message: ACCOUNT_SECURITY_MESSAGES.twoStepRateLimited,
      metadata: { scope: 'ip', userId: attempt.userId },
    });
  }
  if (attempt.userId) {
    await limitAuthAttempt(deps, request, {
      action: attempt.flow,
      key: twoStepAccountKey(attempt.userId),
      limit: limits.twoStep,
      message: ACCOUNT_SECURITY_MESSAGES.twoStepRateLimited,
      metadata: { scope: 'account', userId: attempt.userId },
    });
  }
}

/** Security changes of one account (on, off, new codes, passkeys): a ceiling against scripted churn. */
export function limitSecurityChange(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  request: AuthRequest,
  change: { userId: string; action: string },
): Promise<void> {
  return limitAuthAttempt(deps, request, {
    action: change.action,
    key: `auth:security-change:user:${change.userId}`,
    limit: deps.config.limits.accountSecurity,
    message: ACCOUNT_SECURITY_MESSAGES.securityRateLimited,
    metadata: { scope: 'account', userId: change.userId },
  });
}
