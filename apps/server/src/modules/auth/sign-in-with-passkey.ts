import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { passkey } from '../../db/schema.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { rewordAuthError } from './auth-answers.js';
import { readWebAuthnResponse, type AuthBody } from './auth-input.js';
import { withUserOnly, type AuthRequest } from './better-auth-pass-through.js';
import { limitPasskeySignIn, PASSKEY_SIGN_IN_WORDS } from './start-passkey-ceremony.js';

/**
 * Sign-in with a passkey: Better Auth checks the signature against the stored
 * key and its challenge, Keel's rule that the device verified the saver, then
 * creates the session as its own sign-in does. No second step: a verified
 * passkey is something the saver has and something they are or know.
 */
export async function signInWithPasskey(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit'>,
  body: AuthBody,
  request: AuthRequest,
): Promise<Response> {
  await limitPasskeySignIn(deps, request);
  const response = readWebAuthnResponse(body.response);
  const outcome = await request.forward({ response });
  if (outcome.ok) {
    await auditAuthEvent(deps, request, {
      userId: await outcome.userId(),
      action: 'SIGN_IN',
      success: true,
      metadata: { method: 'passkey' },
    });
    return withUserOnly(outcome.response);
  }
  const [owner] = await deps.db
    .select({ userId: passkey.userId })
    .from(passkey)
    .where(eq(passkey.credentialID, String(response.id)))
    .limit(1);
  await auditAuthEvent(deps, request, {
    userId: owner?.userId ?? null,
    action: 'SIGN_IN',
    success: false,
    metadata: { method: 'passkey', reason: await outcome.errorCode() },
  });
  return rewordAuthError(outcome, PASSKEY_SIGN_IN_WORDS);
}
