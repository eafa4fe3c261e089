import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../lib/app-env.js';

/** Who the request's session cookie belongs to, which session it is, and any refreshed cookie to send back. */
export type SessionLookup = { user: SessionUser | null; sessionId: string | null; refreshCookies: string[] };
export type ReadSession = (headers: Headers) => Promise<SessionLookup>;

/**
 * Sets c.var.user and c.var.sessionId (wallet-link nonces are bound to it) from
 * the session (null when signed out) and passes on the
 * refreshed cookie. Paths under skipPrefix read the session themselves (auth);
 * the public paths never read who is asking (GET /api/config and /api/health:
 * a signed-in page's config and a load balancer's check cost no query).
 */
export function sessionMiddleware(readSession: ReadSession, options: { skipPrefix: string; publicPaths?: readonly string[] }) {
  const publicPaths = new Set(options.publicPaths);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    if (c.req.path.startsWith(`${options.skipPrefix}/`) || publicPaths.has(c.req.path)) {
      await next();
      return;
    }
    let refreshCookies: string[] = [];
    try {
      const found = await readSession(c.req.raw.headers);
      refreshCookies = found.refreshCookies;
      c.set('user', found.user);
      c.set('sessionId', found.sessionId);
    } catch (error) {
      c.get('logger').error({ err: error }, 'session lookup failed');
    }
    await next();
    for (const value of refreshCookies) c.header('set-cookie', value, { append: true });
  });
}
