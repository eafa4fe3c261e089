import type { SessionLookup } from '../../middleware/session.js';
import { SESSION_COOKIE_NAME, type Auth } from './create-auth.js';

const SIGNED_OUT: SessionLookup = { user: null, refreshCookies: [] };

/** The signed-in user behind a request's cookie; refreshes the session on use. */
export async function readSession(auth: Auth, headers: Headers): Promise<SessionLookup> {
  // No session cookie means nobody to look up: no database round trip.
  if (!headers.get('cookie')?.includes(SESSION_COOKIE_NAME)) return SIGNED_OUT;
  const result = await auth.api.getSession({ headers, returnHeaders: true });
  const found = result.response;
  return {
    user: found
      ? { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified }
      : null,
    refreshCookies: result.headers.getSetCookie(),
  };
}
