import { AUTH_CALLBACK_TYPES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readEmail, type AuthBody } from './auth-input.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { callbackUrl } from './create-auth.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { limitMailingAuthAttempt } from './limit-auth-attempt.js';

/** A fresh verification link, limited per IP, per email and by the auth-mail ceiling; it leads to /auth/callback?type=signup. */
export async function resendVerificationEmail(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit'>,
  body: AuthBody,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const email = readEmail(body.email);
  await limitMailingAuthAttempt(deps, request, {
    action: 'EMAIL_VERIFICATION_RESEND',
    flow: 'verification-resend',
    email,
    perEmail: deps.config.limits.verificationResend,
    perIp: deps.config.limits.verificationResendPerIp,
    message: AUTH_MESSAGES.resendRateLimited,
  });
  const outcome = await request.forward({
    email,
    callbackURL: callbackUrl(deps.config.appUrl, AUTH_CALLBACK_TYPES.signup),
  });
  await auditAuthEvent(deps, request, {
    userId: await findUserIdByEmail(deps.db, email),
    action: 'EMAIL_VERIFICATION_RESEND',
    success: outcome.ok,
    metadata: { email },
  });
  return outcome;
}
