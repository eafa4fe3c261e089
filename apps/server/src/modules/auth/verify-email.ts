import { AUTH_CALLBACK_TYPES } from '@keel/core/auth-messages';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { callbackUrl } from './create-auth.js';
import { isVerificationLinkCurrent } from './verification-binding.js';

/**
 * The verification link from the mail. A link minted before the account's
 * password was replaced by a later sign-up is dead: it goes back to the callback
 * with ?error=INVALID_TOKEN like any bad link, and is audited. Everything else
 * is Better Auth's (signature, expiry, marking verified, signing in); on success
 * every other session of the account has ended (afterEmailVerification).
 */
export async function verifyEmail(
  deps: Pick<AppDeps, 'config' | 'db' | 'audit'>,
  token: string | undefined,
  request: AuthRequest,
): Promise<Response> {
  if (token && !(await isVerificationLinkCurrent(deps.db, deps.config.authSecret, token))) {
    await auditAuthEvent(deps, request, {
      userId: null,
      action: 'EMAIL_VERIFIED',
      success: false,
      metadata: { reason: 'SUPERSEDED_LINK' },
    });
    const location = `${callbackUrl(deps.config.appUrl, AUTH_CALLBACK_TYPES.signup)}&error=INVALID_TOKEN`;
    return new Response(null, { status: 302, headers: { location } });
  }
  return (await request.forward()).response;
}
