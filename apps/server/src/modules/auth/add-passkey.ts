import type { AuthAnswerOf } from '@keel/core/auth-api';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { answerKeepingCookies, rewordAuthError } from './auth-answers.js';
import { readPasskeyName, readWebAuthnResponse, type AuthBody } from './auth-input.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { limitSecurityChange } from './limit-two-step-attempt.js';
import { passkeySummaryOf } from './passkey-summary.js';
import type { SignedInAccount } from './require-signed-in.js';

const COULD_NOT_ADD = 'That passkey could not be added. Please try again.';

/**
 * Stores a new named passkey for the signed-in saver once Better Auth has
 * checked the browser's answer against the challenge it issued (and Keel's
 * rules: user verification, ES256 or RS256). Never creates a session.
 */
export async function addPasskey(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  account: SignedInAccount,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  const name = readPasskeyName(body.name);
  const response = readWebAuthnResponse(body.response);
  await limitSecurityChange(deps, request, { userId: account.id, action: 'PASSKEY_ADDED' });
  const outcome = await request.forward({ response, name });
  const passkey = outcome.ok ? passkeySummaryOf(await outcome.body()) : null;
  await auditAuthEvent(deps, request, {
    userId: account.id,
    action: 'PASSKEY_ADDED',
    success: passkey !== null,
    metadata: passkey ? { passkeyId: passkey.id, name } : { name, reason: await outcome.errorCode() },
  });
  if (!passkey) {
    // A malformed answer makes the verifier throw, which the plugin reports as a 500: it is bad input.
    return rewordAuthError(outcome, {
      FAILED_TO_VERIFY_REGISTRATION: { message: COULD_NOT_ADD, status: 400 },
      CHALLENGE_NOT_FOUND: { message: COULD_NOT_ADD, status: 400 },
      PREVIOUSLY_REGISTERED: { message: 'This passkey is already on your account.', status: 409 },
    });
  }
  const reply: AuthAnswerOf<'/passkey/verify-registration'> = { passkey };
  return answerKeepingCookies(outcome.response, reply);
}
