import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readEmail, readFullName, readNewAccountPassword, type AuthBody } from './auth-input.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { limitAuthAttempt } from './limit-auth-attempt.js';

/**
 * Sign-up: limited per email, checked by core's rules, audited with whether the
 * email already had an account (the answer to the browser never says so).
 */
export async function signUpWithEmail(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit'>,
  body: AuthBody,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const email = readEmail(body.email);
  await limitAuthAttempt(deps, request, {
    action: 'SIGN_UP',
    key: `auth:sign-up:email:${email}`,
    limit: deps.config.limits.signUp,
    message: AUTH_MESSAGES.signUpRateLimited,
    metadata: { email },
  });
  const name = readFullName(body.name);
  const password = readNewAccountPassword(body.password);
  const existingId = await findUserIdByEmail(deps.db, email);
  const outcome = await request.forward({ name, email, password });
  await auditAuthEvent(deps, request, {
    userId: existingId ?? (outcome.ok ? await findUserIdByEmail(deps.db, email) : null),
    action: 'SIGN_UP',
    success: outcome.ok,
    metadata: {
      email,
      existingAccount: existingId !== null,
      ...(outcome.ok ? {} : { reason: await outcome.errorCode() }),
    },
  });
  return outcome;
}
