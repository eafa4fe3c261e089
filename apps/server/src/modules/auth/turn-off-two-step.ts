import type { AuthAnswerOf } from '@keel/core/auth-api';
import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readAnyTwoStepCode, readCurrentPassword, type AuthBody } from './auth-input.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { CLIENT_IP_HEADER } from './create-auth.js';
import { limitTwoStepAttempt, twoStepAccountKey } from './limit-two-step-attempt.js';
import type { SignedInAccount } from './require-signed-in.js';
import { answerKeepingCookies, rewordAuthError } from './auth-answers.js';

async function isAccepted(check: Promise<unknown>): Promise<boolean> {
  try {
    await check;
    return true;
  } catch {
    return false;
  }
}

/**
 * Turning two-step sign-in off needs the password and a code (from the app, or
 * a backup code), so a session left open on a shared computer cannot do it.
 * Better Auth's own endpoint asks only for the password: Keel checks both
 * first, the password before the code so a wrong password burns no backup code.
 */
export async function turnOffTwoStep(
  deps: Pick<AppDeps, 'auth' | 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  const password = readCurrentPassword(body.password);
  const code = readAnyTwoStepCode(body.code);
  if (!account.twoFactorEnabled) throw new AppError('BAD_REQUEST', ACCOUNT_SECURITY_MESSAGES.twoStepNotOn);
  await limitTwoStepAttempt(deps, request, { userId: account.id, flow: 'TWO_STEP_DISABLED' });
  const refuse = async (reason: string, message: string): Promise<never> => {
    await auditAuthEvent(deps, request, {
      userId: account.id,
      action: 'TWO_STEP_DISABLED',
      success: false,
      metadata: { reason },
    });
    throw new AppError('UNAUTHORIZED', message);
  };
  const headers = new Headers(request.headers);
  if (request.clientIp) headers.set(CLIENT_IP_HEADER, request.clientIp);
  if (!(await isAccepted(deps.auth.api.verifyPassword({ body: { password }, headers })))) {
    return refuse('INVALID_PASSWORD', ACCOUNT_SECURITY_MESSAGES.wrongPassword);
  }
  const codeAccepted =
    code.kind === 'totp'
      ? await isAccepted(deps.auth.api.verifyTOTP({ body: { code: code.code }, headers }))
      : await isAccepted(deps.auth.api.verifyBackupCode({ body: { code: code.code, disableSession: true }, headers }));
  if (!codeAccepted) {
    return refuse(
      code.kind === 'totp' ? 'INVALID_CODE' : 'INVALID_BACKUP_CODE',
      code.kind === 'totp' ? ACCOUNT_SECURITY_MESSAGES.wrongCode : ACCOUNT_SECURITY_MESSAGES.wrongBackupCode,
    );
  }
  await deps.limiter.reset(twoStepAccountKey(account.id));
  const outcome = await request.forward({ password });
  await auditAuthEvent(deps, request, {
    userId: account.id,
    action: 'TWO_STEP_DISABLED',
    success: outcome.ok,
    metadata: outcome.ok ? { method: code.kind === 'totp' ? 'totp' : 'backup_code' } : { reason: await outcome.errorCode() },
  });
  if (!outcome.ok) return rewordAuthError(outcome, { INVALID_PASSWORD: ACCOUNT_SECURITY_MESSAGES.wrongPassword });
  const reply: AuthAnswerOf<'/two-factor/disable'> = { status: true };
  return answerKeepingCookies(outcome.response, reply);
}
