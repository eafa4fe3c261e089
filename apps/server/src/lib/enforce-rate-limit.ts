import type { Limit } from '../config.js';
import { AppError } from './app-error.js';
import type { AuditEvent, AuditLog } from './audit-log.js';
import type { LimitDecision, RateLimiter } from './rate-limiter.js';

/** What Retry-After says when the limiter itself could not answer. */
const UNKNOWN_WAIT_SECONDS = 60;

export type RateLimitCheck = {
  key: string;
  limit: Limit;
  /** The 429's message; a function when it names the wait. */
  message: string | ((retryAfterSeconds: number) => string);
  /** Written to security_audit_log when the attempt is refused. */
  auditDenial?: AuditEvent;
  /**
   * Given: a limiter failure is reported here and the attempt refused (fail
   * closed). Absent: the failure propagates as a 500.
   */
  onLimiterError?: (error: unknown) => void;
};

/** Whole seconds until the window ends, at least 1: the Retry-After header and the body's details. */
export function retryAfterSeconds(decision: LimitDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

/**
 * Counts one attempt against check.key. Over the limit it audits the denial
 * (when asked) and throws the 429 that app.onError answers with Retry-After.
 * Shared by the auth routes, the public forms and the vault reads.
 */
export async function enforceRateLimit(deps: { limiter: RateLimiter; audit: AuditLog }, check: RateLimitCheck): Promise<void> {
  let waitSeconds = UNKNOWN_WAIT_SECONDS;
  try {
    const decision = await deps.limiter.hit(check.key, check.limit);
    if (decision.allowed) return;
    waitSeconds = retryAfterSeconds(decision);
  } catch (error) {
    if (!check.onLimiterError) throw error;
    check.onLimiterError(error);
  }
  if (check.auditDenial) await deps.audit.record(check.auditDenial);
  const message = typeof check.message === 'function' ? check.message(waitSeconds) : check.message;
  throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: waitSeconds });
}
