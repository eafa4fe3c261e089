import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readAuthenticatorCode, type AuthBody } from './auth-input.js';
import { withUserOnly, type AuthRequest } from './better-auth-pass-through.js';
import { limitTwoStepAttempt, twoStepAccountKey } from './limit-two-step-attempt.js';
import type { SignedInAccount } from './require-signed-in.js';
import { rewordAuthError } from './auth-answers.js';

/**
 * The first code from the authenticator app, signed in: it proves the app holds
 * the secret and turns two-step sign-in on (Better Auth rotates the session).
 */
export async function confirmTwoStep(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  const code = readAuthenticatorCode(body.code);
  if (account.twoFactorEnabled) throw new AppError('CONFLICT', ACCOUNT_SECURITY_MESSAGES.twoStepAlreadyOn);
  await limitTwoStepAttempt(deps, request, { userId: account.id, flow: 'TWO_STEP_ENABLED' });
  const outcome = await request.forward({ code });
  if (outcome.ok) await deps.limiter.reset(twoStepAccountKey(account.id));
  await auditAuthEvent(deps, request, {
    userId: account.id,
    action: 'TWO_STEP_ENABLED',
    success: outcome.ok,
    metadata: outcome.ok ? {} : { reason: await outcome.errorCode() },
  });
  if (outcome.ok) return withUserOnly(outcome.response);
  return rewordAuthError(outcome, {
    INVALID_CODE: ACCOUNT_SECURITY_MESSAGES.wrongCode,
    TOTP_NOT_ENABLED: { message: ACCOUNT_SECURITY_MESSAGES.twoStepNotOn, status: 400 },
  });
}
