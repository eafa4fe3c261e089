import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { session } from '../../db/schema.js';
import type { SessionLookup } from '../../middleware/session.js';
import { SESSION_COOKIE_NAME, type Auth } from './create-auth.js';
import { createFindCurrentSession, type FindCurrentSession } from './find-current-session.js';

const SIGNED_OUT: SessionLookup = { user: null, sessionId: null, refreshCookies: [] };

export type ReadSessionDeps = {
  auth: Auth;
  db: Database;
  config: Pick<Config, 'isHttps' | 'session'>;
  now: () => number;
};

/** Set-Cookie values that make the browser drop the session cookie. */
export function expiredSessionCookies(isHttps: boolean): string[] {
  const name = isHttps ? `__Secure-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
  return [`${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isHttps ? '; Secure' : ''}`];
}

/** Whether a Cookie header carries a session cookie at all (without one there is nobody to look up). */
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return cookie?.includes(SESSION_COOKIE_NAME) ?? false;
}

/** One fast lookup per Better Auth instance (its rules are read from the instance once). */
const fastLookups = new WeakMap<Auth, FindCurrentSession>();

function fastLookupFor(deps: ReadSessionDeps): FindCurrentSession {
  let found = fastLookups.get(deps.auth);
  if (!found) {
    found = createFindCurrentSession({ auth: deps.auth, db: deps.db, maxAgeMs: deps.config.session.maxAgeMs });
    fastLookups.set(deps.auth, found);
  }
  return found;
}

/**
 * The signed-in user behind a request's cookie; refreshes the session on use
 * (the idle timeout slides, see create-auth.ts). A session older than
 * SESSION_MAX_AGE_MS since sign-in ends here, however active it was: its row is
 * deleted and the browser told to drop the cookie.
 *
 * A live session with nothing to refresh is answered by find-current-session.ts
 * with one query; every other case by Better Auth's getSession, as before.
 */
export async function readSession(deps: ReadSessionDeps, headers: Headers): Promise<SessionLookup> {
  // No session cookie means nobody to look up: no database round trip.
  const cookie = headers.get('cookie');
  if (cookie === null || !hasSessionCookie(cookie)) return SIGNED_OUT;
  const current = await fastLookupFor(deps)(cookie, { betterAuth: Date.now(), keel: deps.now() });
  if (current) return { ...current, refreshCookies: [] };
  const result = await deps.auth.api.getSession({ headers, returnHeaders: true });
  const found = result.response;
  if (!found) return { user: null, sessionId: null, refreshCookies: result.headers.getSetCookie() };
  if (deps.now() - new Date(found.session.createdAt).getTime() >= deps.config.session.maxAgeMs) {
    await deps.db.delete(session).where(eq(session.id, found.session.id));
    return { user: null, sessionId: null, refreshCookies: expiredSessionCookies(deps.config.isHttps) };
  }
  return {
    user: { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified },
    sessionId: found.session.id,
    refreshCookies: result.headers.getSetCookie(),
  };
}
