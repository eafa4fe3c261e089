import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readResetPassword, readToken, type AuthBody } from './auth-input.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';

/**
 * A new password from a reset link. A success is audited by Better Auth's
 * onPasswordReset (it knows the account); a dead link answers 'Invalid or expired reset link…'.
 */
export async function resetPassword(deps: Pick<AppDeps, 'audit'>, body: AuthBody, request: AuthRequest): Promise<AuthOutcome> {
  const token = readToken(body.token);
  const newPassword = readResetPassword(body.newPassword);
  const outcome = token ? await request.forward({ token, newPassword }) : null;
  if (outcome?.ok) return outcome;
  const reason = outcome ? await outcome.errorCode() : 'INVALID_TOKEN';
  await auditAuthEvent(deps, request, {
    userId: null,
    action: 'PASSWORD_CHANGE',
    success: false,
    metadata: { method: 'reset_link', reason },
  });
  if (!outcome || reason === 'INVALID_TOKEN' || reason === 'USER_NOT_FOUND') {
    throw new AppError('INVALID_TOKEN', AUTH_MESSAGES.invalidResetLink);
  }
  return outcome;
}
