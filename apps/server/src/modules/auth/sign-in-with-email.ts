import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readEmail, readSignInPassword, type AuthBody } from './auth-input.js';
import { isTwoStepPending, type AuthOutcome, type AuthRequest } from './better-auth-pass-through.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { limitAuthAttempt } from './limit-auth-attempt.js';

/**
 * Sign-in: limited per IP and per email (counted before the password is even
 * read), audited either way; a success clears that email's counter.
 */
export async function signInWithEmail(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit'>,
  body: AuthBody,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const limits = deps.config.limits;
  if (request.clientIp) {
    await limitAuthAttempt(deps, request, {
      action: 'SIGN_IN',
      key: `auth:sign-in:ip:${request.clientIp}`,
      limit: limits.signInPerIp,
      message: AUTH_MESSAGES.signInRateLimited,
      metadata: { scope: 'ip' },
    });
  }
  const email = readEmail(body.email);
  const emailKey = `auth:sign-in:email:${email}`;
  await limitAuthAttempt(deps, request, {
    action: 'SIGN_IN',
    key: emailKey,
    limit: limits.signIn,
    message: AUTH_MESSAGES.signInRateLimited,
    metadata: { scope: 'email', email },
  });
  const password = readSignInPassword(body.password);
  const outcome = await request.forward({ email, password, rememberMe: body.rememberMe !== false });
  if (outcome.ok && isTwoStepPending(await outcome.body())) {
    // The password was right; the session comes only with the second step (verify-two-step-sign-in.ts).
    await deps.limiter.reset(emailKey);
    await auditAuthEvent(deps, request, {
      userId: await findUserIdByEmail(deps.db, email),
      action: 'SIGN_IN_TWO_STEP_REQUIRED',
      success: true,
      metadata: { email },
    });
  } else if (outcome.ok) {
    const userId = await outcome.userId();
    await deps.limiter.reset(emailKey);
    await auditAuthEvent(deps, request, { userId, action: 'SIGN_IN', success: true, metadata: { email } });
  } else {
    await auditAuthEvent(deps, request, {
      userId: await findUserIdByEmail(deps.db, email),
      action: 'SIGN_IN',
      success: false,
      metadata: { email, reason: await outcome.errorCode() },
    });
  }
  return outcome;
}
