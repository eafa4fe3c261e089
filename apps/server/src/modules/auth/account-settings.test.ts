import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '@keel/core/account-settings';
import { knownDevices, securityAuditLog, session, user } from '../../db/schema.js';
import { cookieHeaderFrom, createSignedInUser, TEST_PASSWORD, type SignedInUser } from '../../test-support/auth.js';
import { lastMailTo, mailsTo, postJson } from '../../test-support/auth-requests.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ACCOUNT_LIMIT = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LIMIT_ACCOUNT_MAX: String(ACCOUNT_LIMIT) } });
});
afterAll(async () => {
  await t.close();
});

/** A sign-in from a browser: its user agent, and the cookies it already holds (a device cookie, say). */
async function signIn(email: string, options: { userAgent?: string; cookie?: string; password?: string } = {}) {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? FIREFOX_LINUX };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await postJson(t, '/api/auth/sign-in/email', { email, password: options.password ?? TEST_PASSWORD }, headers);
  expect(response.status).toBe(200);
  return cookieHeaderFrom(response);
}

function deviceCookieOf(cookie: string): string {
  return cookie.split('; ').find((pair) => pair.startsWith('keel.device=')) ?? '';
}

function get(path: string, cookie: string) {
  return t.app.request(path, { headers: { cookie, origin: t.config.appUrl } });
}

async function listSessions(cookie: string): Promise<AccountSession[]> {
  const response = await get('/api/auth/list-sessions', cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: AccountSession[] }).sessions;
}

async function whoIs(cookie: string): Promise<string | null> {
  const response = await get('/api/wallet', cookie);
  return response.status === 401 ? null : 'signed in';
}

async function auditActions(userId: string) {
  const rows = await t.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.userId, userId));
  return rows.map((row) => row.action);
}

describe('where you are signed in', () => {
  let owner: SignedInUser;
  let laptop: string;
  let phone: string;

  beforeAll(async () => {
    owner = await createSignedInUser(t);
    laptop = await signIn(owner.user.email, { userAgent: FIREFOX_LINUX });
    phone = await signIn(owner.user.email, { userAgent: SAFARI_IPHONE });
  });

  it('lists each signed-in browser by name, this one marked and first, with no token in the answer', async () => {
    const response = await get('/api/auth/list-sessions', laptop);
    const text = await response.clone().text();
    const sessions = await listSessions(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: 'Firefox', os: 'Linux', isCurrent: true });
    expect(sessions.filter((entry) => entry.isCurrent)).toHaveLength(1);
    expect(sessions.some((entry) => entry.browser === 'Safari' && entry.os === 'iOS')).toBe(true);
    expect(Date.parse(sessions[0]?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(sessions[0]?.lastActiveAt ?? '')).not.toBeNaN();
    const tokens = await t.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, owner.user.id));
    for (const { token } of tokens) expect(text).not.toContain(token);
  });

  it('signs one session out: that browser is signed out on its very next request, the others stay', async () => {
    expect(await whoIs(phone)).toBe('signed in');
    const phoneSession = (await listSessions(laptop)).find((entry) => entry.browser === 'Safari');
    const response = await postJson(t, '/api/auth/revoke-session', { id: phoneSession?.id }, { cookie: laptop });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(laptop)).toBe('signed in');
    expect(await auditActions(owner.user.id)).toContain('SESSION_REVOKED');
  });

  it("cannot sign out another account's session", async () => {
    const stranger = await createSignedInUser(t);
    const [theirs] = await t.deps.db.select({ id: session.id }).from(session).where(eq(session.userId, stranger.user.id));
    const response = await postJson(t, '/api/auth/revoke-session', { id: theirs?.id }, { cookie: laptop });
    expect(response.status).toBe(404);
    expect(await whoIs(stranger.cookie)).toBe('signed in');
  });

  it('signs every other session out and keeps this one', async () => {
    const tablet = await signIn(owner.user.email, { userAgent: SAFARI_IPHONE });
    const response = await postJson(t, '/api/auth/revoke-other-sessions', {}, { cookie: laptop });
    expect(response.status).toBe(200);
    expect(await whoIs(tablet)).toBeNull();
    expect(await whoIs(owner.cookie)).toBeNull();
    expect(await whoIs(laptop)).toBe('signed in');
    expect(await listSessions(laptop)).toHaveLength(1);
  });

  it('answers 401 signed out, 400 for a malformed id, 403 from another origin', async () => {
    expect((await t.app.request('/api/auth/list-sessions')).status).toBe(401);
    const malformed = await postJson(t, '/api/auth/revoke-session', { id: 'a b' }, { cookie: laptop });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    const foreign = await postJson(t, '/api/auth/revoke-other-sessions', {}, { cookie: laptop, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});

describe('new sign-in mail', () => {
  it('mails the owner when a browser not seen before signs in, with the time and a link to the settings page', async () => {
    const owner = await createSignedInUser(t);
    const deviceCookie = deviceCookieOf(owner.cookie);
    expect(deviceCookie).not.toBe('');
    expect((await mailsTo(t, owner.user.email)).filter((mail) => /New sign-in/.test(mail.subject))).toHaveLength(0);

    // The same browser again: known, no mail.
    await signIn(owner.user.email, { userAgent: '', cookie: deviceCookie });
    expect((await mailsTo(t, owner.user.email)).filter((mail) => /New sign-in/.test(mail.subject))).toHaveLength(0);

    await signIn(owner.user.email, { userAgent: SAFARI_IPHONE });
    const mail = await lastMailTo(t, owner.user.email, /New sign-in to Keel/);
    expect(mail?.text).toContain('Safari on iOS');
    expect(mail?.text).toMatch(/\d{4} at \d{2}:\d{2} UTC|\d{4}, \d{2}:\d{2} UTC/);
    expect(mail?.links).toContain(`${t.config.appUrl}/settings`);
    expect(await auditActions(owner.user.id)).toContain('NEW_DEVICE_SIGN_IN');
    const devices = await t.deps.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.user.id));
    expect(devices).toHaveLength(2);
    // Neither the cookie nor the user agent is stored in clear.
    for (const device of devices) expect(device.deviceHash).not.toContain(SAFARI_IPHONE);
  });
});

describe('change email', () => {
  it('confirms with the new address, warns the old one, changes only once confirmed, and keeps sessions', async () => {
    const owner = await createSignedInUser(t);
    const other = await signIn(owner.user.email, { userAgent: SAFARI_IPHONE });
    const newEmail = `moved-${Date.now()}@keel.test`;
    const response = await postJson(
      t,
      '/api/auth/change-email',
      { newEmail: ` ${newEmail.toUpperCase()} ` },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    const notice = await lastMailTo(t, owner.user.email, /being changed/);
    expect(notice?.text).toContain(newEmail);
    const confirm = await lastMailTo(t, newEmail, /Confirm your new Keel email/);
    const link = confirm?.links.find((candidate) => candidate.includes('/api/auth/verify-email'));
    expect(link).toBeDefined();
    const [before] = await t.deps.db.select({ email: user.email }).from(user).where(eq(user.id, owner.user.id));
    expect(before?.email).toBe(owner.user.email);

    const opened = await t.app.request(link ?? '', { headers: { cookie: owner.cookie } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${t.config.appUrl}/settings?email=changed`);
    const [after] = await t.deps.db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, owner.user.id));
    expect(after).toEqual({ email: newEmail, verified: true });
    expect(await whoIs(owner.cookie)).toBe('signed in');
    expect(await whoIs(other)).toBe('signed in');
    expect(await auditActions(owner.user.id)).toEqual(expect.arrayContaining(['EMAIL_CHANGE_REQUESTED', 'EMAIL_CHANGED']));
  });

  it('answers the same for an address another account holds, and mails nobody', async () => {
    const owner = await createSignedInUser(t);
    const taken = await createSignedInUser(t);
    const before = (await mailsTo(t, taken.user.email)).length;
    const response = await postJson(t, '/api/auth/change-email', { newEmail: taken.user.email }, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(await mailsTo(t, taken.user.email)).toHaveLength(before);
  });

  it('refuses a malformed address and its own address with a 400', async () => {
    const owner = await createSignedInUser(t);
    const bad = await postJson(t, '/api/auth/change-email', { newEmail: 'not-an-email' }, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    const same = await postJson(t, '/api/auth/change-email', { newEmail: owner.user.email }, { cookie: owner.cookie });
    expect(same.status).toBe(400);
  });
});

describe('change password', () => {
  it('needs the current password, ends every other session, keeps this browser signed in and mails the owner', async () => {
    const owner = await createSignedInUser(t);
    const other = await signIn(owner.user.email, { userAgent: SAFARI_IPHONE });
    const wrong = await postJson(
      t,
      '/api/auth/change-password',
      { currentPassword: 'Not-The-Password-1', newPassword: 'Brand-New-Secret-42' },
      { cookie: owner.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await whoIs(other)).toBe('signed in');

    const response = await postJson(
      t,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Brand-New-Secret-42' },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ status: true });
    const fresh = cookieHeaderFrom(response);
    expect(await whoIs(other)).toBeNull();
    expect(await whoIs(owner.cookie)).toBeNull();
    expect(await whoIs(`${deviceCookieOf(owner.cookie)}; ${fresh}`)).toBe('signed in');
    expect((await lastMailTo(t, owner.user.email, /password was changed/))?.text).toContain('account settings page');
    const changes = await t.deps.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, owner.user.id), eq(securityAuditLog.action, 'PASSWORD_CHANGE')));
    expect(changes.map((row) => row.success)).toEqual([false, true]);
    await signIn(owner.user.email, { password: 'Brand-New-Secret-42' });
  });

  it('refuses a weak new password with the rule, and limits attempts per account', async () => {
    const owner = await createSignedInUser(t);
    const weak = await postJson(
      t,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'short' },
      { cookie: owner.cookie },
    );
    expect(weak.status).toBe(400);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ACCOUNT_LIMIT + 1; attempt += 1) {
      const response = await postJson(
        t,
        '/api/auth/change-password',
        { currentPassword: 'Wrong-Password-1', newPassword: 'Brand-New-Secret-42' },
        { cookie: owner.cookie },
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(await auditActions(owner.user.id)).toContain('RATE_LIMIT_EXCEEDED');
  });
});

describe('the endpoint allow-list', () => {
  it('keeps the Better Auth endpoints the page does not use closed', async () => {
    const owner = await createSignedInUser(t);
    for (const path of ['/api/auth/revoke-sessions', '/api/auth/delete-user', '/api/auth/update-user']) {
      const response = await postJson(t, path, {}, { cookie: owner.cookie });
      expect(response.status, path).toBe(404);
    }
    expect(await whoIs(owner.cookie)).toBe('signed in');
  });
});
