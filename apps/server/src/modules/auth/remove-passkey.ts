import type { AuthAnswerOf } from '@keel/core/auth-api';
import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { AppError } from '../../lib/app-error.js';
import { answerKeepingCookies } from './auth-answers.js';
import { readPasskeyId, type AuthBody } from './auth-input.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { limitSecurityChange } from './limit-two-step-attempt.js';
import type { SignedInAccount } from './require-signed-in.js';

/** Removes one of the saver's passkeys (Better Auth checks it is theirs); it can no longer sign in. */
export async function removePasskey(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  const id = readPasskeyId(body.id);
  await limitSecurityChange(deps, request, { userId: account.id, action: 'PASSKEY_REMOVED' });
  const outcome = await request.forward({ id });
  await auditAuthEvent(deps, request, {
    userId: account.id,
    action: 'PASSKEY_REMOVED',
    success: outcome.ok,
    metadata: outcome.ok ? { passkeyId: id } : { passkeyId: id, reason: await outcome.errorCode() },
  });
  // Someone else's passkey answers as a missing one (the session was checked before): nothing to learn about other accounts.
  if (outcome.response.status === 401 || outcome.response.status === 403 || outcome.response.status === 404) {
    throw new AppError('NOT_FOUND', ACCOUNT_SECURITY_MESSAGES.passkeyNotFound);
  }
  if (!outcome.ok) return outcome.response;
  const reply: AuthAnswerOf<'/passkey/delete-passkey'> = { status: true };
  return answerKeepingCookies(outcome.response, reply);
}
