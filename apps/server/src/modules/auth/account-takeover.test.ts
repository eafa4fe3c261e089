import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, securityAuditLog, session, user } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { cookieHeaderFrom } from '../../test-support/auth.js';
import { mailsTo, postJson } from '../../test-support/auth-requests.js';

/**
 * Account takeover by pre-registration: someone signs up the
 * victim's email with their own password and never verifies; the real owner
 * signs up later and verifies. The squatter's password must never open the
 * verified account, and nothing they started may outlive the verification.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SQUATTER_PASSWORD = 'Squatter-Pass-1';
const OWNER_PASSWORD = 'Owner-Pass-2!';

async function verificationLinks(email: string): Promise<string[]> {
  return (await mailsTo(t, email))
    .filter((mail) => /Verify your email/.test(mail.subject))
    .map((mail) => mail.links.find((link) => link.includes('/api/auth/verify-email')) ?? '');
}

async function signIn(email: string, password: string) {
  return postJson(t, '/api/auth/sign-in/email', { email, password });
}

async function sessionUser(cookie: string) {
  const response = await t.app.request('/api/auth/get-session', { headers: { cookie } });
  return ((await response.json()) as { user: { id: string; name: string } } | null)?.user ?? null;
}

describe('pre-registration takeover', () => {
  it('the owner signs up after a squatter and verifies: only the owner’s password works, the squatter’s link is dead', async () => {
    const email = `victim-${randomUUID()}@keel.test`;

    // 1. The squatter registers the victim's address and never verifies.
    expect((await postJson(t, '/api/auth/sign-up/email', { name: 'Squatter', email, password: SQUATTER_PASSWORD })).status).toBe(
      200,
    );
    const [squatted] = await t.deps.db.select().from(user).where(eq(user.email, email));
    expect(squatted?.emailVerified).toBe(false);
    const [squatterHash] = await t.deps.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, squatted?.id ?? ''));
    // A session the squatter somehow holds (planted directly: unverified accounts cannot sign in).
    await t.deps.db.insert(session).values({
      id: randomUUID(),
      token: `squatter-${randomUUID()}`,
      userId: squatted?.id ?? '',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });

    // 2. The owner signs up with their own password: same answer as any sign-up.
    const ownerSignUp = await postJson(t, '/api/auth/sign-up/email', { name: 'Real Owner', email, password: OWNER_PASSWORD });
    expect(ownerSignUp.status).toBe(200);
    expect(await ownerSignUp.json()).toEqual({ status: true });
    const [replaced] = await t.deps.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, squatted?.id ?? ''));
    expect(replaced?.password).not.toBe(squatterHash?.password);
    expect((await t.deps.db.select().from(user).where(eq(user.email, email)))[0]?.name).toBe('Real Owner');
    expect(
      await t.deps.db
        .select()
        .from(session)
        .where(eq(session.userId, squatted?.id ?? '')),
    ).toEqual([]);

    const [squatterLink, ownerLink] = await verificationLinks(email);
    expect(squatterLink).toBeTruthy();
    expect(ownerLink).toBeTruthy();

    // 3. The link mailed for the squatter's sign-up no longer verifies anything.
    const dead = await t.app.request(squatterLink ?? '');
    expect(dead.status).toBe(302);
    expect(dead.headers.get('location')).toBe(`${t.config.appUrl}/auth/callback?type=signup&error=INVALID_TOKEN`);
    expect(dead.headers.getSetCookie()).toEqual([]);
    expect((await t.deps.db.select().from(user).where(eq(user.email, email)))[0]?.emailVerified).toBe(false);

    // 4. The owner's link verifies and signs the owner in.
    const verified = await t.app.request(ownerLink ?? '');
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe(`${t.config.appUrl}/auth/callback?type=signup`);
    const ownerCookie = cookieHeaderFrom(verified);
    expect((await sessionUser(ownerCookie))?.name).toBe('Real Owner');

    // 5. The squatter's password never opens the verified account; the owner's does.
    expect((await signIn(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);

    const audit = await t.deps.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, squatted?.id ?? ''));
    expect(audit.some((row) => row.action === 'SIGN_UP' && row.metadata.replacedUnverifiedPassword === true)).toBe(true);
    expect(audit.some((row) => row.action === 'EMAIL_VERIFIED' && row.success)).toBe(true);
  });

  it('verification ends every other session of the account, keeping only the verifier’s', async () => {
    const email = `sessions-${randomUUID()}@keel.test`;
    await postJson(t, '/api/auth/sign-up/email', { name: 'Sess Ions', email, password: OWNER_PASSWORD });
    const [created] = await t.deps.db.select().from(user).where(eq(user.email, email));
    const planted = `planted-${randomUUID()}`;
    await t.deps.db.insert(session).values({
      id: randomUUID(),
      token: planted,
      userId: created?.id ?? '',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const verified = await t.app.request((await verificationLinks(email)).at(-1) ?? '');
    const cookie = cookieHeaderFrom(verified);
    const left = await t.deps.db
      .select()
      .from(session)
      .where(eq(session.userId, created?.id ?? ''));
    expect(left).toHaveLength(1);
    expect(left[0]?.token).not.toBe(planted);
    expect(await sessionUser(cookie)).not.toBeNull();
    const verifiedRows = (
      await t.deps.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.userId, created?.id ?? ''))
    ).filter((entry) => entry.action === 'EMAIL_VERIFIED');
    expect(verifiedRows.map((entry) => entry.metadata.sessionsRevoked)).toEqual([1]);
  });

  it('a resent link is bound to the password of the latest sign-up too', async () => {
    const email = `resend-bound-${randomUUID()}@keel.test`;
    await postJson(t, '/api/auth/sign-up/email', { name: 'First', email, password: SQUATTER_PASSWORD });
    expect((await postJson(t, '/api/auth/send-verification-email', { email })).status).toBe(200);
    const resentBeforeReplacement = (await verificationLinks(email)).at(-1) ?? '';
    await postJson(t, '/api/auth/sign-up/email', { name: 'Second', email, password: OWNER_PASSWORD });
    const latest = (await verificationLinks(email)).at(-1) ?? '';
    expect(latest).not.toBe(resentBeforeReplacement);

    const stale = await t.app.request(resentBeforeReplacement);
    expect(stale.headers.get('location')).toContain('error=INVALID_TOKEN');
    const fresh = await t.app.request(latest);
    expect(fresh.headers.get('location')).toBe(`${t.config.appUrl}/auth/callback?type=signup`);
    expect((await signIn(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it('never touches a verified account: its password stays, its owner is told instead', async () => {
    const email = `verified-${randomUUID()}@keel.test`;
    await postJson(t, '/api/auth/sign-up/email', { name: 'Owner', email, password: OWNER_PASSWORD });
    await t.app.request((await verificationLinks(email)).at(-1) ?? '');
    const again = await postJson(t, '/api/auth/sign-up/email', { name: 'Intruder', email, password: SQUATTER_PASSWORD });
    expect(again.status).toBe(200);
    expect((await signIn(email, SQUATTER_PASSWORD)).status).toBe(401);
    expect((await signIn(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await t.deps.db.select().from(user).where(eq(user.email, email)))[0]?.name).toBe('Owner');
    expect((await mailsTo(t, email)).some((mail) => /Someone tried to sign up/.test(mail.subject))).toBe(true);
  });
});
