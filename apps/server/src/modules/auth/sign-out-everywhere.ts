import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { revokeUserSessions } from './revoke-user-sessions.js';

/** Global sign-out: every session of the user ends, then Better Auth clears the cookie. */
export async function signOutEverywhere(
  deps: Pick<AppDeps, 'auth' | 'db' | 'audit'>,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const found = await deps.auth.api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  const revoked = found ? await revokeUserSessions(deps.db, found.user.id) : 0;
  // Sign-out wants a JSON body, whatever the client sent.
  const outcome = await request.forward({});
  await auditAuthEvent(deps, request, {
    userId: found?.user.id ?? null,
    action: 'SIGN_OUT',
    success: found !== null,
    metadata: { scope: 'global', sessionsRevoked: revoked },
  });
  return outcome;
}
