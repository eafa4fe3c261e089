import { AUTH_CALLBACK_TYPES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readEmail, type AuthBody } from './auth-input.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { callbackUrl } from './create-auth.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { limitMailingAuthAttempt } from './limit-auth-attempt.js';

/** A reset link by mail, limited per IP, per email and by the auth-mail ceiling; the link always leads to Keel's own callback. */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit'>,
  body: AuthBody,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const email = readEmail(body.email);
  await limitMailingAuthAttempt(deps, request, {
    action: 'PASSWORD_RESET_REQUEST',
    flow: 'password-reset',
    email,
    perEmail: deps.config.limits.passwordReset,
    perIp: deps.config.limits.passwordResetPerIp,
    message: AUTH_MESSAGES.resetRateLimited,
  });
  const outcome = await request.forward({
    email,
    redirectTo: callbackUrl(deps.config.appUrl, AUTH_CALLBACK_TYPES.recovery),
  });
  await auditAuthEvent(deps, request, {
    userId: await findUserIdByEmail(deps.db, email),
    action: 'PASSWORD_RESET_REQUEST',
    success: outcome.ok,
    metadata: { email },
  });
  return outcome;
}
