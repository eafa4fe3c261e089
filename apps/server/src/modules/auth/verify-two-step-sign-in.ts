import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readAuthenticatorCode, readBackupCode, type AuthBody } from './auth-input.js';
import { withUserOnly, type AuthRequest } from './better-auth-pass-through.js';
import { findPendingTwoStepUserId } from './find-pending-two-step-user.js';
import { limitTwoStepAttempt, twoStepAccountKey } from './limit-two-step-attempt.js';
import { rewordAuthError } from './auth-answers.js';

export type TwoStepMethod = 'totp' | 'backup_code';

/** What a saver reads when the second step fails, by Better Auth's code. */
export const TWO_STEP_SIGN_IN_WORDS = {
  INVALID_CODE: ACCOUNT_SECURITY_MESSAGES.wrongCode,
  INVALID_BACKUP_CODE: ACCOUNT_SECURITY_MESSAGES.wrongBackupCode,
  INVALID_TWO_FACTOR_COOKIE: ACCOUNT_SECURITY_MESSAGES.twoStepExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: ACCOUNT_SECURITY_MESSAGES.twoStepExpired,
} as const;

/**
 * The second step of a password sign-in: a code from the authenticator app or
 * a backup code (used up by this). Limited per account and per IP, audited
 * either way; the session cookie comes only with a right code.
 */
export async function verifyTwoStepSignIn(
  deps: Pick<AppDeps, 'auth' | 'config' | 'limiter' | 'audit'>,
  body: AuthBody,
  request: AuthRequest,
  method: TwoStepMethod,
): Promise<Response> {
  const code = method === 'totp' ? readAuthenticatorCode(body.code) : readBackupCode(body.code);
  const userId = await findPendingTwoStepUserId(deps.auth, request.headers);
  await limitTwoStepAttempt(deps, request, { userId, flow: 'SIGN_IN' });
  // Only the code goes through: no "trust this device" and no session-less answer.
  const outcome = await request.forward({ code });
  if (outcome.ok) {
    if (userId) await deps.limiter.reset(twoStepAccountKey(userId));
    await auditAuthEvent(deps, request, {
      userId: await outcome.userId(),
      action: 'SIGN_IN',
      success: true,
      metadata: { method },
    });
    return withUserOnly(outcome.response);
  }
  await auditAuthEvent(deps, request, {
    userId,
    action: 'SIGN_IN',
    success: false,
    metadata: { method, reason: await outcome.errorCode() },
  });
  return rewordAuthError(outcome, TWO_STEP_SIGN_IN_WORDS);
}
