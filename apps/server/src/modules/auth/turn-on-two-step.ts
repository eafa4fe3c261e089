import type { AuthAnswerOf } from '@keel/core/auth-api';
import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readCurrentPassword, type AuthBody } from './auth-input.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { limitSecurityChange } from './limit-two-step-attempt.js';
import type { SignedInAccount } from './require-signed-in.js';
import { answerKeepingCookies, rewordAuthError } from './auth-answers.js';

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/**
 * Step one of turning two-step sign-in on (password checked by Better Auth): a
 * new secret and backup codes, stored unconfirmed. Nothing changes at sign-in
 * until the first code from the app confirms it (confirm-two-step.ts).
 */
export async function turnOnTwoStep(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  const password = readCurrentPassword(body.password);
  if (account.twoFactorEnabled) throw new AppError('CONFLICT', ACCOUNT_SECURITY_MESSAGES.twoStepAlreadyOn);
  await limitSecurityChange(deps, request, { userId: account.id, action: 'TWO_STEP_SETUP' });
  const outcome = await request.forward({ password, method: 'totp' });
  const answer = await outcome.body();
  const started =
    outcome.ok && typeof answer === 'object' && answer !== null && 'totpURI' in answer && 'backupCodes' in answer
      ? { totpURI: answer.totpURI, backupCodes: answer.backupCodes }
      : null;
  await auditAuthEvent(deps, request, {
    userId: account.id,
    action: 'TWO_STEP_SETUP',
    success: started !== null,
    metadata: started ? {} : { reason: await outcome.errorCode() },
  });
  if (!started) return rewordAuthError(outcome, { INVALID_PASSWORD: ACCOUNT_SECURITY_MESSAGES.wrongPassword });
  if (typeof started.totpURI !== 'string' || !isStringList(started.backupCodes)) {
    throw new Error('two-factor enable answered without a TOTP URI or backup codes');
  }
  const reply: AuthAnswerOf<'/two-factor/enable'> = { totpURI: started.totpURI, backupCodes: started.backupCodes };
  return answerKeepingCookies(outcome.response, reply);
}
