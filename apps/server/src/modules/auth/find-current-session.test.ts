import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, user } from '../../db/schema.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { readCookie, verifiedToken } from './find-current-session.js';
import { readSession } from './read-session.js';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The signed value of the session cookie (token.signature), as the browser holds it. */
function cookieValue(signedIn: SignedInUser): string {
  const value = readCookie(signedIn.cookie, 'keel.session_token');
  if (!value) throw new Error('no session cookie');
  return value;
}

async function tokenOf(userId: string): Promise<string> {
  const [row] = await t.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, userId));
  if (!row) throw new Error('no session row');
  return row.token;
}

/** readSession, and whether it had to ask Better Auth's getSession. */
async function read(cookie: string) {
  const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
  const found = await readSession(t.deps, new Headers({ cookie }));
  const askedBetterAuth = getSession.mock.calls.length > 0;
  getSession.mockRestore();
  return { found, askedBetterAuth };
}

describe('readCookie', () => {
  it('reads a cookie as better-call does: first pair wins, trimmed, quotes dropped, escapes decoded', () => {
    expect(readCookie('a=1; keel.session_token=abc.def', 'keel.session_token')).toBe('abc.def');
    expect(readCookie('keel.session_token=first; keel.session_token=second', 'keel.session_token')).toBe('first');
    expect(readCookie('  keel.session_token  =  spaced  ', 'keel.session_token')).toBe('spaced');
    expect(readCookie('keel.session_token="quoted"', 'keel.session_token')).toBe('quoted');
    expect(readCookie('keel.session_token=a%2Bb%3D', 'keel.session_token')).toBe('a+b=');
    expect(readCookie('keel.session_token=bad%E0%A4%A', 'keel.session_token')).toBe('bad%E0%A4%A');
    // A pair without '=' before the next ';' is skipped, not read as part of a name.
    expect(readCookie('junk; keel.session_token=ok', 'keel.session_token')).toBe('ok');
    expect(readCookie('xkeel.session_token=no; other=1', 'keel.session_token')).toBeUndefined();
    expect(readCookie('', 'keel.session_token')).toBeUndefined();
  });
});

describe('verifiedToken', () => {
  const secret = 'a'.repeat(40);
  const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('gives the token of a value signed with the secret, and null for anything else', () => {
    expect(verifiedToken(sign('tok3n'), secret)).toBe('tok3n');
    expect(verifiedToken(sign('tok3n'), 'b'.repeat(40))).toBeNull();
    expect(verifiedToken(sign('tok3n').replace('tok3n', 'tok4n'), secret)).toBeNull();
    expect(verifiedToken('tok3n', secret)).toBeNull();
    expect(verifiedToken(`.${sign('x').split('.')[1]}`, secret)).toBeNull();
    expect(verifiedToken(`${sign('tok3n')}x`, secret)).toBeNull();
    expect(verifiedToken(`tok3n.${'é'.repeat(43)}=`, secret)).toBeNull();
  });

  it('reads the token out of a real session cookie', async () => {
    const signedIn = await createSignedInUser(t);
    expect(verifiedToken(cookieValue(signedIn), t.config.authSecret)).toBe(await tokenOf(signedIn.user.id));
  });
});

describe('readSession without Better Auth', () => {
  it('answers a live session with one query, and the same user getSession gives', async () => {
    const signedIn = await createSignedInUser(t, { name: 'Fast Path' });
    const betterAuth = await t.deps.auth.api.getSession({ headers: new Headers({ cookie: signedIn.cookie }) });
    const { found, askedBetterAuth } = await read(signedIn.cookie);
    expect(askedBetterAuth).toBe(false);
    expect(found).toEqual({
      user: { id: signedIn.user.id, email: signedIn.user.email, name: 'Fast Path', emailVerified: true },
      sessionId: betterAuth?.session.id,
      refreshCookies: [],
    });
    expect(betterAuth?.user).toMatchObject(found.user ?? {});
  });

  it('reads an unverified account as unverified', async () => {
    const signedIn = await createSignedInUser(t);
    await t.deps.db.update(user).set({ emailVerified: false }).where(eq(user.id, signedIn.user.id));
    const { found, askedBetterAuth } = await read(signedIn.cookie);
    expect(askedBetterAuth).toBe(false);
    expect(found.user?.emailVerified).toBe(false);
  });

  it('leaves every case with something to do, or to refuse, to getSession, which answers as before', async () => {
    const signedIn = await createSignedInUser(t);
    const value = cookieValue(signedIn);
    const [token = '', signature = ''] = value.split('.');
    // Another first character: always a different signature (a changed last character before the padding was the
    // same one whenever the real signature had an A there, one run in sixteen).
    const forgedSignature = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(forgedSignature).not.toBe(signature);
    const forged = `keel.session_token=${encodeURIComponent(`${token}.${forgedSignature}`)}`;
    expect(await read(forged)).toEqual({ found: { user: null, sessionId: null, refreshCookies: [] }, askedBetterAuth: true });

    // A cookie cache Keel does not use: getSession clears it.
    const withCache = await read(`${signedIn.cookie}; keel.session_data=stale`);
    expect(withCache.askedBetterAuth).toBe(true);
    expect(withCache.found.user?.id).toBe(signedIn.user.id);
    expect(withCache.found.refreshCookies.some((cookie) => cookie.startsWith('keel.session_data=;'))).toBe(true);

    // Due for its sliding refresh (23 of 24 hours gone): getSession renews it and sends the cookie.
    await t.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + HOUR) })
      .where(eq(session.userId, signedIn.user.id));
    const due = await read(signedIn.cookie);
    expect(due.askedBetterAuth).toBe(true);
    expect(due.found.user?.id).toBe(signedIn.user.id);
    expect(due.found.refreshCookies.some((cookie) => cookie.startsWith('keel.session_token='))).toBe(true);
    // Renewed: the next request needs nothing done.
    expect((await read(signedIn.cookie)).askedBetterAuth).toBe(false);

    // Expired: getSession deletes it.
    await t.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, signedIn.user.id));
    const expired = await read(signedIn.cookie);
    expect(expired.askedBetterAuth).toBe(true);
    expect(expired.found.user).toBeNull();
    expect(await t.deps.db.select().from(session).where(eq(session.userId, signedIn.user.id))).toEqual([]);

    // No row at all (signed out elsewhere): a correctly signed cookie for nothing.
    const gone = await read(signedIn.cookie);
    expect(gone).toMatchObject({ found: { user: null }, askedBetterAuth: true });
  });

  it('leaves a session past its absolute lifetime to readSession, which ends it', async () => {
    const lifetime = await createTestApp({
      env: { SESSION_MAX_AGE_MS: String(2 * HOUR), SESSION_IDLE_TIMEOUT_MS: String(HOUR) },
    });
    try {
      const signedIn = await createSignedInUser(lifetime);
      const getSession = vi.spyOn(lifetime.deps.auth.api, 'getSession');
      expect((await readSession(lifetime.deps, new Headers({ cookie: signedIn.cookie }))).user?.id).toBe(signedIn.user.id);
      expect(getSession).not.toHaveBeenCalled();
      lifetime.advanceTime(2 * HOUR);
      const ended = await readSession(lifetime.deps, new Headers({ cookie: signedIn.cookie }));
      expect(getSession).toHaveBeenCalledTimes(1);
      expect(ended).toEqual({
        user: null,
        sessionId: null,
        refreshCookies: ['keel.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax'],
      });
      expect(await lifetime.deps.db.select().from(session).where(eq(session.userId, signedIn.user.id))).toEqual([]);
    } finally {
      await lifetime.close();
    }
  });

  it('gives every signed-in route the same user as before: one API request end to end', async () => {
    const signedIn = await createSignedInUser(t);
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession');
    const response = await t.app.request('/api/wallet', { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(getSession).not.toHaveBeenCalled();
    const signedOut = await t.app.request('/api/wallet', { headers: { cookie: 'keel.session_token=forged.value' } });
    expect(signedOut.status).toBe(401);
  });
});
