import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, knownDevices, securityAuditLog, session, transfers, user, userWallets } from '../../db/schema.js';
import { createSignedInUser, TEST_PASSWORD, type SignedInUser } from '../../test-support/auth.js';
import { lastMailTo, postJson } from '../../test-support/auth-requests.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { AccountDataExport } from './export-account-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const hex = (length: number) => (++counter).toString(16).padStart(length, '0');
const walletOf = () => `0x${hex(40)}` as const;

/** A linked wallet and one confirmed deposit recorded for the account, as the wallet and transfer flows leave them. */
async function giveHoldings(owner: SignedInUser) {
  const wallet = walletOf();
  await t.deps.db
    .insert(userWallets)
    .values({ email: owner.user.email, walletAddress: wallet, userId: owner.user.id, chainId: 8453, linkedAt: new Date() });
  const txHash = `0x${hex(64)}`;
  await t.deps.db.insert(transfers).values({
    userId: owner.user.id,
    walletAddress: wallet,
    vaultAddress: walletOf(),
    kind: 'deposit',
    chainId: 8453,
    txHash,
    requestedAssets: '1250000',
    status: 'confirmed',
    assets: '1250000',
    shares: '1250000',
  });
  return { wallet, txHash };
}

function exportOf(cookie: string) {
  return t.app.request('/api/account/export', { headers: { cookie } });
}

describe('download my data', () => {
  it("answers a JSON file of this account's data and nobody else's", async () => {
    const owner = await createSignedInUser(t, { name: 'Grace Hopper' });
    const other = await createSignedInUser(t);
    const mine = await giveHoldings(owner);
    const theirs = await giveHoldings(other);

    const response = await exportOf(owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="keel-account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as AccountDataExport;
    expect(data.profile).toMatchObject({ id: owner.user.id, email: owner.user.email, name: 'Grace Hopper', emailVerified: true });
    expect(data.linkedWallets.map((wallet) => wallet.walletAddress)).toEqual([mine.wallet]);
    expect(data.transfers.map((transfer) => [transfer.txHash, transfer.assets])).toEqual([[mine.txHash, '1250000']]);
    expect(data.passkeyAccounts).toEqual([]);
    expect(data.notificationSettings).toEqual({});
    expect(data.securityLog.map((entry) => entry.action)).toEqual(expect.arrayContaining(['SIGN_IN', 'ACCOUNT_EXPORT']));

    for (const foreign of [other.user.id, other.user.email, theirs.wallet, theirs.txHash]) expect(text).not.toContain(foreign);
    // No secret of the account's own: password hashes and session tokens stay out of the file.
    const [credential] = await t.deps.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, owner.user.id));
    const [own] = await t.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, owner.user.id));
    expect(text).not.toContain(credential?.password ?? 'missing');
    expect(text).not.toContain(own?.token ?? 'missing');
  });

  it('is refused to a signed-out visitor', async () => {
    const response = await t.app.request('/api/account/export');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });
});

describe('close account', () => {
  it('refuses a wrong password, then erases the personal data in one go and lets the email sign up again', async () => {
    const owner = await createSignedInUser(t, { name: 'Closing Saver' });
    const holdings = await giveHoldings(owner);
    // A failed sign-in names the email in the security log before the account is known.
    await postJson(t, '/api/auth/sign-in/email', { email: owner.user.email, password: 'Not-It-1234' });

    const wrong = await postJson(t, '/api/account/close', { password: 'Not-It-1234' }, { cookie: owner.cookie });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      error: { code: 'REAUTHENTICATION_FAILED', details: { reason: 'WRONG_PASSWORD' } },
    });
    expect((await t.deps.db.select().from(user).where(eq(user.id, owner.user.id))).length).toBe(1);

    const closed = await postJson(t, '/api/account/close', { password: TEST_PASSWORD }, { cookie: owner.cookie });
    expect(closed.status).toBe(200);
    expect(closed.headers.getSetCookie().join('\n')).toMatch(/keel\.session_token=; Max-Age=0/);

    const id = owner.user.id;
    const left = {
      user: await t.deps.db.select().from(user).where(eq(user.id, id)),
      sessions: await t.deps.db.select().from(session).where(eq(session.userId, id)),
      signInMethods: await t.deps.db.select().from(account).where(eq(account.userId, id)),
      walletLinks: await t.deps.db.select().from(userWallets).where(eq(userWallets.userId, id)),
      transfers: await t.deps.db.select().from(transfers).where(eq(transfers.userId, id)),
      knownDevices: await t.deps.db.select().from(knownDevices).where(eq(knownDevices.userId, id)),
    };
    for (const [what, rows] of Object.entries(left)) expect(rows, what).toEqual([]);
    expect((await t.app.request('/api/wallet', { headers: { cookie: owner.cookie } })).status).toBe(401);

    // The security log stays, with the email taken out of every row.
    const log = await t.deps.db.select().from(securityAuditLog).where(eq(securityAuditLog.userId, owner.user.id));
    expect(log.map((row) => row.action)).toEqual(expect.arrayContaining(['SIGN_IN', 'ACCOUNT_CLOSE']));
    const everyRow = await t.deps.db.select().from(securityAuditLog);
    expect(JSON.stringify(everyRow)).not.toContain(owner.user.email);

    expect((await lastMailTo(t, owner.user.email, /account is closed/))?.text).toContain('still yours');
    expect(holdings.wallet).toBeTruthy();

    const again = await postJson(t, '/api/auth/sign-up/email', {
      name: 'Back Again',
      email: owner.user.email,
      password: 'Sup3r-Secret',
    });
    expect(again.status).toBe(200);
    const [reborn] = await t.deps.db.select().from(user).where(eq(user.email, owner.user.email));
    expect(reborn).toMatchObject({ name: 'Back Again', emailVerified: false });
    expect(reborn?.id).not.toBe(owner.user.id);
    expect(await lastMailTo(t, owner.user.email, /Verify your email/)).toBeDefined();
  });

  it('answers bad input with a 400 and leaves the account alone', async () => {
    const owner = await createSignedInUser(t);
    for (const body of [
      {},
      { password: '' },
      { password: TEST_PASSWORD, code: '<script>' },
      { password: TEST_PASSWORD, extra: 1 },
    ]) {
      const response = await postJson(t, '/api/account/close', body, { cookie: owner.cookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const foreign = await postJson(
      t,
      '/api/account/close',
      { password: TEST_PASSWORD },
      { cookie: owner.cookie, origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect((await t.deps.db.select().from(user).where(eq(user.id, owner.user.id))).length).toBe(1);
  });

  it('asks for a second-step code as well when two-step sign-in is on, and never closes on the password alone', async () => {
    // The column the two-factor plugin adds to the user table, as its migration would.
    await t.deps.db.execute(sql`alter table "user" add column if not exists two_factor_enabled boolean default false`);
    const owner = await createSignedInUser(t);
    await t.deps.db.execute(sql`update "user" set two_factor_enabled = true where id = ${owner.user.id}`);
    const withoutCode = await postJson(t, '/api/account/close', { password: TEST_PASSWORD }, { cookie: owner.cookie });
    expect(withoutCode.status).toBe(403);
    expect(await withoutCode.json()).toMatchObject({ error: { details: { reason: 'CODE_REQUIRED' } } });
    const withCode = await postJson(
      t,
      '/api/account/close',
      { password: TEST_PASSWORD, code: '123456' },
      { cookie: owner.cookie },
    );
    expect(await withCode.json()).toMatchObject({ error: { details: { reason: 'WRONG_CODE' } } });
    expect((await t.deps.db.select().from(user).where(eq(user.id, owner.user.id))).length).toBe(1);
  });
});
