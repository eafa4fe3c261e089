import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createSignedInUser } from '../../test-support/auth.js';

/** Sessions suited to a money app: 24 h idle timeout, 7 days absolute, both configurable. */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function sessionOf(cookie: string) {
  const response = await t.app.request('/api/auth/get-session', { headers: { cookie } });
  return { response, body: (await response.json()) as { user: { id: string } } | null };
}

describe('session lifetime', () => {
  it('defaults to a 7-day absolute lifetime and a 24-hour idle timeout', () => {
    expect(t.config.session).toEqual({ maxAgeMs: 7 * DAY, idleTimeoutMs: DAY });
  });

  it('gives a new session (and its cookie) the idle timeout, not longer', async () => {
    const signedIn = await createSignedInUser(t);
    const [row] = await t.deps.db.select().from(session).where(eq(session.userId, signedIn.user.id));
    const left = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(DAY - 60_000);
    expect(left).toBeLessThanOrEqual(DAY);
  });

  it('ends a session idle for longer than the timeout', async () => {
    const signedIn = await createSignedInUser(t);
    // Last refreshed 24 hours and a minute ago.
    await t.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, signedIn.user.id));
    expect((await sessionOf(signedIn.cookie)).body).toBeNull();
    expect((await t.app.request('/api/wallet', { headers: { cookie: signedIn.cookie } })).status).toBe(401);
  });

  // Last in this describe: it moves the shared clock a week on.
  it('ends an active session 7 days after sign-in, on every signed-in route: the row is deleted and the cookie dropped', async () => {
    const signedIn = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    t.advanceTime(7 * DAY - HOUR);
    expect((await sessionOf(signedIn.cookie)).body?.user.id).toBe(signedIn.user.id);
    expect((await t.app.request('/api/wallet', { headers: { cookie: other.cookie } })).status).toBe(200);
    t.advanceTime(HOUR);
    const expired = await sessionOf(signedIn.cookie);
    expect(expired.body).toBeNull();
    expect(expired.response.headers.getSetCookie()).toEqual(['keel.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, signedIn.user.id))).toEqual([]);
    const api = await t.app.request('/api/wallet', { headers: { cookie: other.cookie } });
    expect(api.status).toBe(401);
    expect(api.headers.getSetCookie()).toContain('keel.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe('configured lifetimes', () => {
  it('follows SESSION_MAX_AGE_MS and SESSION_IDLE_TIMEOUT_MS', async () => {
    const short = await createTestApp({ env: { SESSION_MAX_AGE_MS: String(2 * HOUR), SESSION_IDLE_TIMEOUT_MS: String(HOUR) } });
    try {
      const signedIn = await createSignedInUser(short);
      const [row] = await short.deps.db.select().from(session).where(eq(session.userId, signedIn.user.id));
      expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(HOUR);
      short.advanceTime(2 * HOUR);
      const response = await short.app.request('/api/auth/get-session', { headers: { cookie: signedIn.cookie } });
      expect(await response.json()).toBeNull();
    } finally {
      await short.close();
    }
  });
});
