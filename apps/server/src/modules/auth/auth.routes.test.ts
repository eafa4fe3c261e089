import { eq, like } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { RESET_PASSWORD_RULE_MESSAGE } from '@keel/core/password';
import { SANITIZE_MESSAGES } from '@keel/core/email';
import { securityAuditLog, session, user, verification } from '../../db/schema.js';
import type { AppEnv } from '../../lib/app-env.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { cookieHeaderFrom, createSignedInUser, TEST_PASSWORD } from '../../test-support/auth.js';
import { lastMailTo, mailsTo, postJson } from '../../test-support/auth-requests.js';
import { sessionMiddleware } from '../../middleware/session.js';
import { AUTH_BASE_PATH, createAuth } from './create-auth.js';
import { readSession } from './read-session.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@keel.test`;

async function getSession(cookie: string) {
  const response = await t.app.request('/api/auth/get-session', { headers: { cookie } });
  return (await response.json()) as { user: { id: string; email: string; name: string; emailVerified: boolean } } | null;
}

async function auditRows(action: string, email?: string) {
  const rows = await t.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.action, action));
  return email ? rows.filter((row) => row.metadata.email === email) : rows;
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

function linkIn(text: string, path: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(path));
  if (!link) throw new Error(`no ${path} link in mail`);
  return link;
}

describe('sign-up and email verification', () => {
  it('stores the full name, mails a verification link that signs the user in on /auth/callback?type=signup', async () => {
    const email = newEmail('new');
    const response = await postJson(t, '/api/auth/sign-up/email', { name: 'Ada Lovelace', email, password: 'Sup3r-Secret' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(response.headers.getSetCookie()).toEqual([]);

    const [stored] = await t.deps.db.select().from(user).where(eq(user.email, email));
    expect(stored?.name).toBe('Ada Lovelace');
    expect(stored?.emailVerified).toBe(false);

    const mail = await lastMailTo(t, email, /Verify your email/);
    expect(mail?.html).toContain('Verify email address');
    const link = linkIn(mail?.text ?? '', '/api/auth/verify-email');
    expect(link.startsWith(`${t.config.appUrl}/api/auth/verify-email?token=`)).toBe(true);

    const verified = await t.app.request(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe(`${t.config.appUrl}/auth/callback?type=signup`);
    const cookie = cookieHeaderFrom(verified);
    const current = await getSession(cookie);
    expect(current?.user).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: true });
    expect(await auditRows('SIGN_UP', email)).toHaveLength(1);
    expect((await auditRows('EMAIL_VERIFIED')).some((row) => row.userId === stored?.id)).toBe(true);
  });

  it('sends a bad verification token back to the callback with ?error', async () => {
    const response = await t.app.request(
      `/api/auth/verify-email?token=nope&callbackURL=${encodeURIComponent(`${t.config.appUrl}/auth/callback?type=signup`)}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${t.config.appUrl}/auth/callback?type=signup&error=INVALID_TOKEN`);
  });

  it('refuses sign-in until the email is verified, and resending really mails a new link', async () => {
    const email = newEmail('unverified');
    await postJson(t, '/api/auth/sign-up/email', { name: 'Una Verified', email, password: 'Sup3r-Secret' });
    const refused = await postJson(t, '/api/auth/sign-in/email', { email, password: 'Sup3r-Secret' });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
    expect(refused.headers.getSetCookie()).toEqual([]);

    const before = (await mailsTo(t, email)).length;
    const resent = await postJson(t, '/api/auth/send-verification-email', { email });
    expect(resent.status).toBe(200);
    expect((await mailsTo(t, email)).length).toBe(before + 1);
    expect(await auditRows('EMAIL_VERIFICATION_RESEND', email)).toHaveLength(1);
  });

  it('limits verification resends per email', async () => {
    const email = newEmail('resend');
    await postJson(t, '/api/auth/sign-up/email', { name: 'Re Send', email, password: 'Sup3r-Secret' });
    for (let i = 0; i < t.config.limits.verificationResend.max; i++) {
      expect((await postJson(t, '/api/auth/send-verification-email', { email })).status).toBe(200);
    }
    const blocked = await postJson(t, '/api/auth/send-verification-email', { email });
    expect(blocked.status).toBe(429);
    expect((await errorOf(blocked)).message).toBe(AUTH_MESSAGES.resendRateLimited);
  });

  it('checks the sign-up fields on the server too', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', email: newEmail('f'), password: 'Sup3r-Secret' }, 'Full name is required'],
      [{ name: 'A', email: '', password: 'Sup3r-Secret' }, AUTH_MESSAGES.enterEmail],
      [{ name: 'A', email: 'not-an-email', password: 'Sup3r-Secret' }, AUTH_MESSAGES.invalidEmail],
      [{ name: 'A', email: newEmail('f'), password: 'short' }, 'Password must be at least 8 characters'],
      [{ name: 'A', email: '<script>x@y.z', password: 'Sup3r-Secret' }, SANITIZE_MESSAGES.malicious],
      [{ name: 'A', email: `${'a'.repeat(250)}@x.io`, password: 'Sup3r-Secret' }, SANITIZE_MESSAGES.tooLong],
      [{ name: 'A', email: 42, password: 'Sup3r-Secret' }, SANITIZE_MESSAGES.invalidType],
    ];
    for (const [body, message] of cases) {
      const response = await postJson(t, '/api/auth/sign-up/email', body);
      expect(response.status, message).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
  });

  it('strips angle brackets and trims like the email sanitiser before storing', async () => {
    const email = newEmail('brackets');
    const response = await postJson(t, '/api/auth/sign-up/email', {
      name: 'Br Ackets',
      email: `  <${email.toUpperCase()}>  `,
      password: 'Sup3r-Secret',
    });
    expect(response.status).toBe(200);
    const [stored] = await t.deps.db.select().from(user).where(eq(user.email, email));
    expect(stored).toBeDefined();
  });
});

describe('no account enumeration', () => {
  it('answers sign-up identically for a taken and a new email, and tells the owner instead', async () => {
    const owner = await createSignedInUser(t, { name: 'Owner' });
    const taken = await postJson(t, '/api/auth/sign-up/email', {
      name: 'Someone',
      email: owner.user.email,
      password: 'An0ther-Pass',
    });
    const fresh = await postJson(t, '/api/auth/sign-up/email', {
      name: 'Someone',
      email: newEmail('fresh'),
      password: 'An0ther-Pass',
    });
    expect(taken.status).toBe(fresh.status);
    expect(await taken.json()).toEqual(await fresh.json());
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    expect(await lastMailTo(t, owner.user.email, /Someone tried to sign up/)).toBeDefined();
    // The owner's password is untouched.
    expect((await postJson(t, '/api/auth/sign-in/email', { email: owner.user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('answers a reset request identically whether or not the account exists', async () => {
    const owner = await createSignedInUser(t);
    const existing = await postJson(t, '/api/auth/request-password-reset', { email: owner.user.email });
    const missing = await postJson(t, '/api/auth/request-password-reset', { email: newEmail('nobody') });
    expect(existing.status).toBe(200);
    expect(missing.status).toBe(200);
    const body = await existing.json();
    expect(body).toEqual(await missing.json());
    expect(body).toEqual({ status: true, message: AUTH_MESSAGES.resetRequested });
    expect(await auditRows('PASSWORD_RESET_REQUEST', owner.user.email)).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('signs in with an HttpOnly, SameSite=Lax cookie and audits success and failure', async () => {
    const account = await createSignedInUser(t);
    const wrong = await postJson(t, '/api/auth/sign-in/email', { email: account.user.email, password: 'Wrong-Pass-1' });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });

    const right = await postJson(t, '/api/auth/sign-in/email', {
      email: account.user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(right.status).toBe(200);
    const setCookie = right.headers.getSetCookie().find((value) => value.startsWith('keel.session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const rows = await auditRows('SIGN_IN', account.user.email);
    expect(rows.filter((row) => row.success)).toHaveLength(2); // createSignedInUser + this one
    expect(rows.filter((row) => !row.success)).toHaveLength(1);
    expect(rows.find((row) => !row.success)?.metadata.reason).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(rows.every((row) => row.userId === account.user.id)).toBe(true);
  });

  it('marks the cookie Secure when APP_URL is https', async () => {
    const secureAuth = createAuth({ ...t.deps, config: { ...t.config, appUrl: 'https://keel.example', isHttps: true } });
    const account = await createSignedInUser(t);
    const response = await secureAuth.api.signInEmail({
      body: { email: account.user.email, password: TEST_PASSWORD },
      asResponse: true,
    });
    const setCookie = response.headers.getSetCookie().find((value) => value.includes('keel.session_token='));
    expect(setCookie).toMatch(/^__Secure-keel\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
  });

  it('requires both fields and applies the sanitiser', async () => {
    const noEmail = await postJson(t, '/api/auth/sign-in/email', { email: '', password: 'x' });
    expect((await errorOf(noEmail)).message).toBe(AUTH_MESSAGES.enterEmail);
    const badEmail = await postJson(t, '/api/auth/sign-in/email', { email: 'a@b', password: 'x' });
    expect((await errorOf(badEmail)).message).toBe(AUTH_MESSAGES.invalidEmail);
    const script = await postJson(t, '/api/auth/sign-in/email', { email: 'javascript:alert(1)@x.io', password: 'x' });
    expect((await errorOf(script)).message).toBe(SANITIZE_MESSAGES.malicious);
    const noPassword = await postJson(t, '/api/auth/sign-in/email', { email: newEmail('np'), password: '' });
    expect((await errorOf(noPassword)).message).toBe(AUTH_MESSAGES.enterPassword);
  });
});

describe('CSRF', () => {
  it('refuses auth POSTs from another origin or with no origin at all', async () => {
    const account = await createSignedInUser(t);
    const evil = await postJson(
      t,
      '/api/auth/sign-in/email',
      { email: account.user.email, password: TEST_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(evil.status).toBe(403);
    expect((await errorOf(evil)).message).toBe(AUTH_MESSAGES.invalidOrigin);

    const bare = await t.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'X', email: newEmail('csrf'), password: 'Sup3r-Secret' }),
    });
    expect(bare.status).toBe(403);

    // A cross-site sign-out riding on the victim's cookie does nothing.
    const signOut = await postJson(t, '/api/auth/sign-out', {}, { cookie: account.cookie, origin: 'https://evil.example' });
    expect(signOut.status).toBe(403);
    expect(await getSession(account.cookie)).not.toBeNull();
  });
});

describe('open redirects', () => {
  it('refuses mail-link callbacks that point off-site', async () => {
    const evil = encodeURIComponent('https://evil.example/phish');
    const verify = await t.app.request(`/api/auth/verify-email?token=x&callbackURL=${evil}`);
    expect(verify.status).toBe(403);
    const reset = await t.app.request(`/api/auth/reset-password/some-token-123?callbackURL=${evil}`);
    expect(reset.status).toBe(403);
  });

  it('ignores client-chosen redirect targets: mail links always lead to /auth/callback', async () => {
    const account = await createSignedInUser(t);
    await postJson(t, '/api/auth/request-password-reset', { email: account.user.email, redirectTo: 'https://evil.example' });
    const mail = await lastMailTo(t, account.user.email, /Reset your Keel password/);
    const link = linkIn(mail?.text ?? '', '/api/auth/reset-password/');
    expect(new URL(link).searchParams.get('callbackURL')).toBe(`${t.config.appUrl}/auth/callback?type=recovery`);
  });
});

describe('sessions and sign-out', () => {
  it('sets c.var.user for other API routes from the cookie, and null without one', async () => {
    const account = await createSignedInUser(t, { name: 'Mid Dleware' });
    const probe = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('logger', t.deps.logger);
        await next();
      })
      .use(
        '/api/*',
        sessionMiddleware((headers) => readSession(t.deps, headers), { skipPrefix: AUTH_BASE_PATH }),
      )
      .get('/api/me', (c) => c.json({ user: c.get('user') }));
    const signedIn = await probe.request('/api/me', { headers: { cookie: account.cookie } });
    expect(await signedIn.json()).toEqual({
      user: { id: account.user.id, email: account.user.email, name: 'Mid Dleware', emailVerified: true },
    });
    const anonymous = await probe.request('/api/me');
    expect(await anonymous.json()).toEqual({ user: null });
    const forged = await probe.request('/api/me', { headers: { cookie: 'keel.session_token=forged.value' } });
    expect(await forged.json()).toEqual({ user: null });
  });

  it('refreshes a session on use and sends the renewed cookie', async () => {
    const account = await createSignedInUser(t);
    // Pretend the session was last refreshed 23 hours ago: 1 hour left of the 24-hour idle timeout.
    const nearExpiry = new Date(Date.now() + 60 * 60 * 1000);
    await t.deps.db.update(session).set({ expiresAt: nearExpiry }).where(eq(session.userId, account.user.id));
    const probe = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('logger', t.deps.logger);
        await next();
      })
      .use(
        '/api/*',
        sessionMiddleware((headers) => readSession(t.deps, headers), { skipPrefix: AUTH_BASE_PATH }),
      )
      .get('/api/me', (c) => c.json({ id: c.get('user')?.id ?? null }));
    const response = await probe.request('/api/me', { headers: { cookie: account.cookie } });
    expect(await response.json()).toEqual({ id: account.user.id });
    expect(response.headers.getSetCookie().some((value) => value.startsWith('keel.session_token='))).toBe(true);
    const [row] = await t.deps.db.select().from(session).where(eq(session.userId, account.user.id));
    // Renewed to a full idle timeout from now.
    expect(row && row.expiresAt.getTime()).toBeGreaterThan(nearExpiry.getTime() + 22 * 60 * 60 * 1000);
    expect(row && row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + t.config.session.idleTimeoutMs + 1000);
  });

  it('signs out globally: every session of the user ends', async () => {
    const first = await createSignedInUser(t);
    const secondSignIn = await postJson(t, '/api/auth/sign-in/email', { email: first.user.email, password: TEST_PASSWORD });
    const second = cookieHeaderFrom(secondSignIn);
    expect(await getSession(second)).not.toBeNull();

    const out = await postJson(t, '/api/auth/sign-out', {}, { cookie: first.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((value) => value.startsWith('keel.session_token=;'))).toBe(true);
    expect(await getSession(first.cookie)).toBeNull();
    expect(await getSession(second)).toBeNull();
    expect(await t.deps.db.select().from(session).where(eq(session.userId, first.user.id))).toHaveLength(0);
    const [row] = (await auditRows('SIGN_OUT')).filter((entry) => entry.userId === first.user.id);
    expect(row?.metadata).toMatchObject({ scope: 'global', sessionsRevoked: 2 });
  });
});

describe('only the auth endpoints the screens use', () => {
  // The settings page's own (sessions, email, password) are tested in account-settings.test.ts.
  const NOT_ROUTED: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/auth/update-user', { name: 'Changed By Script' }],
    ['POST', '/api/auth/verify-password', { password: TEST_PASSWORD }],
    ['POST', '/api/auth/delete-user', {}],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['GET', '/api/auth/list-accounts', {}],
    ['GET', '/api/auth/ok', {}],
  ];

  it.each(NOT_ROUTED)('%s %s answers 404, even signed in, and changes nothing', async (method, path, body) => {
    const account = await createSignedInUser(t, { name: 'Kept Name' });
    const response = await t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: account.cookie },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'UNKNOWN_ENDPOINT', message: 'No such API endpoint' } });
    expect((await getSession(account.cookie))?.user.name).toBe('Kept Name');
    expect((await postJson(t, '/api/auth/sign-in/email', { email: account.user.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it('answers get-session and sign-in with the user only: no session token, id or IP for scripts to read', async () => {
    const account = await createSignedInUser(t, { name: 'Only User' });
    const current = await t.app.request('/api/auth/get-session', { headers: { cookie: account.cookie } });
    const expected = { user: { id: account.user.id, email: account.user.email, name: 'Only User', emailVerified: true } };
    expect(await current.json()).toEqual(expected);
    const signedIn = await postJson(t, '/api/auth/sign-in/email', { email: account.user.email, password: TEST_PASSWORD });
    expect(await signedIn.json()).toEqual(expected);
    expect(signedIn.headers.getSetCookie().some((value) => value.startsWith('keel.session_token='))).toBe(true);
    expect(await (await t.app.request('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('password reset', () => {
  async function requestResetLink(email: string): Promise<string> {
    const response = await postJson(t, '/api/auth/request-password-reset', { email });
    expect(response.status).toBe(200);
    const mail = await lastMailTo(t, email, /Reset your Keel password/);
    return linkIn(mail?.text ?? '', '/api/auth/reset-password/');
  }

  async function followToToken(link: string): Promise<string> {
    const response = await t.app.request(link);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${t.config.appUrl}/auth/callback`);
    expect(location.searchParams.get('type')).toBe('recovery');
    const token = location.searchParams.get('token');
    if (!token) throw new Error(`no token in ${location.href}`);
    return token;
  }

  it('resets once, revokes every session, refuses the old password and the reused token', async () => {
    const account = await createSignedInUser(t);
    const token = await followToToken(await requestResetLink(account.user.email));

    const status = await postJson(t, '/api/auth/reset-token-status', { token });
    expect(await status.json()).toEqual({ valid: true });

    const weak = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'password' });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toBe(RESET_PASSWORD_RULE_MESSAGE);

    const reset = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'N3w-Password!' });
    expect(reset.status).toBe(200);
    expect(await getSession(account.cookie)).toBeNull();

    const old = await postJson(t, '/api/auth/sign-in/email', { email: account.user.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await postJson(t, '/api/auth/sign-in/email', { email: account.user.email, password: 'N3w-Password!' });
    expect(fresh.status).toBe(200);

    const reused = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'Th1rd-Password!' });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toEqual({ code: 'INVALID_TOKEN', message: AUTH_MESSAGES.invalidResetLink });
    expect(await (await postJson(t, '/api/auth/reset-token-status', { token })).json()).toEqual({ valid: false });

    const changes = (await auditRows('PASSWORD_CHANGE')).filter((row) => row.userId === account.user.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.success).toBe(true);
    expect((await auditRows('PASSWORD_CHANGE')).some((row) => !row.success && row.metadata.reason === 'INVALID_TOKEN')).toBe(
      true,
    );
  });

  it("mails 'your password was changed' after a reset, with a link to reset again and no token", async () => {
    const account = await createSignedInUser(t, { name: 'Changed Owner' });
    const token = await followToToken(await requestResetLink(account.user.email));
    expect(await lastMailTo(t, account.user.email, /password was changed/)).toBeUndefined();
    expect((await postJson(t, '/api/auth/reset-password', { token, newPassword: 'N3w-Password!' })).status).toBe(200);
    await vi.waitFor(async () => expect(await lastMailTo(t, account.user.email, /password was changed/)).toBeDefined());
    const mail = await lastMailTo(t, account.user.email, /password was changed/);
    expect(mail?.subject).toBe('Your Keel password was changed');
    expect(mail?.text).toContain('Hi Changed Owner,');
    expect(mail?.links).toEqual([`${t.config.appUrl}/sign-in?mode=forgot`]);
    expect(mail?.html).toContain('Reset my password again');
    expect(mail?.text).not.toContain(token);
  });

  it('sends a used or expired link back to the callback with ?error', async () => {
    const account = await createSignedInUser(t);
    const link = await requestResetLink(account.user.email);
    const token = await followToToken(link);
    // Expire it: the stored identifier is hashed, so match the one row for this user.
    await t.deps.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, account.user.id));
    expect(await (await postJson(t, '/api/auth/reset-token-status', { token })).json()).toEqual({ valid: false });
    const again = await t.app.request(link);
    expect(again.headers.get('location')).toContain('error=INVALID_TOKEN');
    const expired = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'N3w-Password!' });
    expect((await errorOf(expired)).message).toBe(AUTH_MESSAGES.invalidResetLink);
  });

  it('stores reset tokens hashed, never as sent in the mail', async () => {
    const account = await createSignedInUser(t);
    const token = await followToToken(await requestResetLink(account.user.email));
    const plain = await t.deps.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `%${token}%`));
    expect(plain).toHaveLength(0);
  });
});
