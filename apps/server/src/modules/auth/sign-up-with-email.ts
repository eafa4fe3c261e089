import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readEmail, readFullName, readNewAccountPassword, type AuthBody } from './auth-input.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { limitMailingAuthAttempt } from './limit-auth-attempt.js';
import { replaceUnverifiedSignUp } from './replace-unverified-sign-up.js';

/**
 * Sign-up: limited per IP, per email and by the auth-mail ceiling, checked by
 * core's rules, audited with whether the email already had an account (the
 * answer to the browser never says so). A sign-up for an email whose account
 * was never verified replaces that account's password first, so the owner who
 * verifies keeps their own password and a squatter's never survives.
 */
export async function signUpWithEmail(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit' | 'auth'>,
  body: AuthBody,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const email = readEmail(body.email);
  await limitMailingAuthAttempt(deps, request, {
    action: 'SIGN_UP',
    flow: 'sign-up',
    email,
    perEmail: deps.config.limits.signUp,
    perIp: deps.config.limits.signUpPerIp,
    message: AUTH_MESSAGES.signUpRateLimited,
  });
  const name = readFullName(body.name);
  const password = readNewAccountPassword(body.password);
  const existingId = await findUserIdByEmail(deps.db, email);
  const existing = await replaceUnverifiedSignUp(deps, { email, name, password });
  const outcome = await request.forward({ name, email, password });
  await auditAuthEvent(deps, request, {
    userId: existingId ?? (outcome.ok ? await findUserIdByEmail(deps.db, email) : null),
    action: 'SIGN_UP',
    success: outcome.ok,
    metadata: {
      email,
      existingAccount: existingId !== null,
      ...(existing === 'replaced' ? { replacedUnverifiedPassword: true } : {}),
      ...(outcome.ok ? {} : { reason: await outcome.errorCode() }),
    },
  });
  return outcome;
}
