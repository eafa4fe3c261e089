import type { Limit } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import type { AuthRequest } from './better-auth-pass-through.js';

/** The limiter key every request that may send auth mail counts against (LIMIT_AUTH_MAIL_*). */
export const AUTH_MAIL_LIMIT_KEY = 'auth:mail:all';

type AuthAttempt = {
  /** The flow being limited, recorded as the denial's limitedAction. */
  action: string;
  key: string;
  limit: Limit;
  message: string;
  metadata: Record<string, unknown>;
};

/** Counts one attempt; over the limit, audits RATE_LIMIT_EXCEEDED and answers 429 with the flow's 'Too many … attempts' message. */
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

type MailingAttempt = {
  action: string;
  /** The key's middle part: 'sign-up', 'password-reset', 'verification-resend'. */
  flow: string;
  email: string;
  perEmail: Limit;
  perIp: Limit;
  message: string;
};

/**
 * The flows that can send mail (sign-up, reset request, verification resend):
 * limited per client IP, per email, and by the global auth-mail ceiling. The
 * ceiling counts every such request, whether or not the account exists and a
 * mail goes out, so neither the answer nor its timing tells which emails are
 * registered; it is an upper bound on the auth mail Keel sends per window.
 */
export async function limitMailingAuthAttempt(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  request: AuthRequest,
  attempt: MailingAttempt,
): Promise<void> {
  const { action, flow, email, message } = attempt;
  if (request.clientIp) {
    await limitAuthAttempt(deps, request, {
      action,
      key: `auth:${flow}:ip:${request.clientIp}`,
      limit: attempt.perIp,
      message,
      metadata: { scope: 'ip', email },
    });
  }
  await limitAuthAttempt(deps, request, {
    action,
    key: `auth:${flow}:email:${email}`,
    limit: attempt.perEmail,
    message,
    metadata: { scope: 'email', email },
  });
  await limitAuthAttempt(deps, request, {
    action,
    key: AUTH_MAIL_LIMIT_KEY,
    limit: deps.config.limits.authMail,
    message,
    metadata: { scope: 'auth-mail', email },
  });
}
