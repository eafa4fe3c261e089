import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { prebuiltStatement } from '../../db/prebuilt-statement.js';
import { session, user } from '../../db/schema.js';
import type { SessionUser } from '../../lib/app-env.js';
import type { Auth } from './create-auth.js';

/**
 * The common case of a signed-in request, answered without Better Auth's
 * getSession: a correctly signed session cookie whose session is live, not due
 * for its sliding refresh and within Keel's absolute lifetime. That answer
 * changes nothing (no write, no Set-Cookie), and getSession's machinery around
 * the same two checks (its endpoint context, async-local stores, WebCrypto and
 * the adapter's query builder) cost ~2 ms of the one JavaScript thread per
 * signed-in API request (docs/performance-log.md, "the signed-in request, without Better Auth in its way").
 *
 * It only ever says "this user" or "ask Better Auth": anything it does not
 * recognise as that common case (no cookie, a signature it does not reproduce,
 * no row, an expired session, one due for refresh or past its lifetime, a cookie
 * cache or don't-remember cookie, a configuration with a cookie cache, secondary
 * storage, deferred or disabled refresh, hooks or a plugin that reaches getSession) returns null and read-session.ts asks
 * getSession, which does whatever that case needs. So it can never accept a
 * session Better Auth would refuse: the cookie's signature is Better Auth's own
 * (HMAC-SHA256 with its secret, better-call's signed-cookie format), and the
 * time rules are getSession's, read from its context.
 */
export type CurrentSession = { user: SessionUser; sessionId: string };
export type FindCurrentSession = (
  cookieHeader: string,
  now: { betterAuth: number; keel: number },
) => Promise<CurrentSession | null>;

type SessionRow = {
  session_id: string;
  expires_at_ms: number;
  created_at_ms: number;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
};

/** What the fast path needs of Better Auth's context, read once. */
type SessionRules = {
  secret: string;
  tokenCookie: string;
  /** Cookies whose presence makes getSession do something (clear or honour them): their requests go to it. */
  otherCookies: string[];
  expiresInMs: number;
  updateAgeMs: number;
};

/** A base64 HMAC-SHA256 as better-call writes it: 43 characters and one '='. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The first value of a cookie in a Cookie header, parsed as better-call parses
 * it (getSignedCookie reads the same header): pairs split at ';', the name
 * trimmed, the first pair with a name winning, one pair of surrounding quotes
 * dropped, percent-escapes decoded when they decode.
 */
export function readCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const equals = header.indexOf('=', index);
    if (equals === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < equals) {
      index = header.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    if (header.slice(index, equals).trim() === name) {
      let value = header.slice(equals + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/** The session token a signed cookie value carries, if its signature is the secret's; else null. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token).digest('base64');
  return timingSafeEqual(Buffer.from(expected, 'latin1'), Buffer.from(signature, 'latin1')) ? token : null;
}

type Plugin = NonNullable<BetterAuthOptions['plugins']>[number];

/**
 * Whether a plugin can change what getSession does or answers: a hook whose matcher takes its request (a
 * matcher that fails on this probe counts as taking it), or its own request or response handler. Plugins that
 * only add endpoints and columns (two-step sign-in, passkeys) leave it as it is; the columns they add to the
 * user are not part of Keel's session user.
 */
function touchesGetSession(plugin: Plugin): boolean {
  if (plugin.onRequest || plugin.onResponse) return true;
  const probe = { path: '/get-session', method: 'GET', headers: new Headers() };
  return [...(plugin.hooks?.before ?? []), ...(plugin.hooks?.after ?? [])].some((hook) => {
    try {
      return hook.matcher(probe as unknown as Parameters<typeof hook.matcher>[0]);
    } catch {
      return true;
    }
  });
}

async function sessionRules(auth: Auth): Promise<SessionRules | null> {
  const context = await auth.$context;
  // Widened to every option Better Auth has: Keel's config names none of these today, and must not start to unnoticed.
  const options: BetterAuthOptions['session'] = context.options.session;
  const { plugins, hooks } = context.options as BetterAuthOptions;
  // Each of these changes what getSession does or answers (plugins and hooks can wrap it).
  if (
    options?.cookieCache?.enabled ||
    options?.deferSessionRefresh ||
    options?.disableSessionRefresh ||
    context.secondaryStorage ||
    (plugins ?? []).some(touchesGetSession) ||
    hooks !== undefined
  ) {
    return null;
  }
  return {
    secret: context.secret,
    tokenCookie: context.authCookies.sessionToken.name,
    otherCookies: [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name],
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  };
}

export function createFindCurrentSession(deps: { auth: Auth; db: Database; maxAgeMs: number }): FindCurrentSession {
  // Times as milliseconds since the epoch, whole ones as JavaScript Dates hold them (what getSession compares).
  const lookup = prebuiltStatement<SessionRow>(sql`
    select ${session.id} as session_id,
      floor(extract(epoch from ${session.expiresAt}) * 1000)::float8 as expires_at_ms,
      floor(extract(epoch from ${session.createdAt}) * 1000)::float8 as created_at_ms,
      ${user.id} as user_id, ${user.email} as email, ${user.name} as name, ${user.emailVerified} as email_verified
    from ${session} inner join ${user} on ${user.id} = ${session.userId}
    where ${session.token} = ${sql.placeholder('token')}`);
  let rules: Promise<SessionRules | null> | undefined;

  return async (cookieHeader, now) => {
    rules ??= sessionRules(deps.auth);
    const known = await rules;
    if (!known || known.otherCookies.some((name) => cookieHeader.includes(name))) return null;
    const value = readCookie(cookieHeader, known.tokenCookie);
    const token = value ? verifiedToken(value, known.secret) : null;
    if (!token) return null;
    const [row] = await lookup.run(deps.db, { token });
    if (!row) return null;
    const expiresAt = Number(row.expires_at_ms);
    // getSession: expired (expiresAt < now) → deleted; due (expiresAt - expiresIn + updateAge <= now) → refreshed.
    if (!(expiresAt > now.betterAuth) || expiresAt - known.expiresInMs + known.updateAgeMs <= now.betterAuth) return null;
    // read-session.ts: past SESSION_MAX_AGE_MS since sign-in → deleted.
    if (!(now.keel - Number(row.created_at_ms) < deps.maxAgeMs)) return null;
    return {
      user: { id: row.user_id, email: row.email, name: row.name, emailVerified: row.email_verified },
      sessionId: row.session_id,
    };
  };
}
