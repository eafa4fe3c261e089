import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import { paths } from '@keel/core/paths';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { limitAccountAction, requireAccountHolder } from './account-request.js';
import { auditAuthEvent } from './audit-auth-event.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { AUTH_MAIL_LIMIT_KEY } from './limit-auth-attempt.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';

/** Where the confirmation link lands: the settings page, told the change went through (or why not). */
export function emailChangedCallback(appUrl: string): string {
  return `${appUrl}${paths.settings}?email=changed`;
}

/**
 * Better Auth's change-email: a confirmation link goes to the new address and
 * a notice to the old one (create-auth.ts); the address changes only when the
 * link is opened. An address that belongs to another account gets the same
 * answer and no mail, so the form cannot tell which addresses are registered.
 */
export async function changeAccountEmail(
  deps: Pick<AppDeps, 'auth' | 'db' | 'config' | 'now' | 'limiter' | 'audit'>,
  request: AuthRequest,
  newEmail: string,
): Promise<AuthOutcome> {
  const holder = await requireAccountHolder(deps, request);
  const who = { userId: holder.userId, ipAddress: request.clientIp, userAgent: request.userAgent };
  await limitAccountAction(deps, who, 'change-email');
  if (newEmail === holder.email) throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.sameEmail);
  await enforceRateLimit(deps, {
    key: AUTH_MAIL_LIMIT_KEY,
    limit: deps.config.limits.authMail,
    message: ACCOUNT_MESSAGES.rateLimited,
  });
  const outcome = await request.forward({ newEmail, callbackURL: emailChangedCallback(deps.config.appUrl) });
  await auditAuthEvent(deps, request, {
    userId: holder.userId,
    action: 'EMAIL_CHANGE_REQUESTED',
    success: outcome.ok,
    metadata: outcome.ok ? {} : { reason: await outcome.errorCode() },
  });
  return outcome;
}
