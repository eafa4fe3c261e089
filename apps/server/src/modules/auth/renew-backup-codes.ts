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

/** Ten new backup codes (password checked by Better Auth); the old ones stop working. */
export async function renewBackupCodes(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  const password = readCurrentPassword(body.password);
  if (!account.twoFactorEnabled) throw new AppError('BAD_REQUEST', ACCOUNT_SECURITY_MESSAGES.twoStepNotOn);
  await limitSecurityChange(deps, request, { userId: account.id, action: 'BACKUP_CODES_RENEWED' });
  const outcome = await request.forward({ password });
  const answer = await outcome.body();
  const codes = typeof answer === 'object' && answer !== null && 'backupCodes' in answer ? answer.backupCodes : null;
  const renewed = outcome.ok && Array.isArray(codes) && codes.every((code) => typeof code === 'string');
  await auditAuthEvent(deps, request, {
    userId: account.id,
    action: 'BACKUP_CODES_RENEWED',
    success: renewed,
    metadata: renewed ? {} : { reason: await outcome.errorCode() },
  });
  if (!renewed) return rewordAuthError(outcome, { INVALID_PASSWORD: ACCOUNT_SECURITY_MESSAGES.wrongPassword });
  const reply: AuthAnswerOf<'/two-factor/generate-backup-codes'> = { backupCodes: codes };
  return answerKeepingCookies(outcome.response, reply);
}
