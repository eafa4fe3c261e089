import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog, userWallets } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { SavedWallet } from './get-saved-wallet.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

function putWallet(cookie: string | null, body: unknown) {
  return t.app.request('/api/wallet', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function getWallet(cookie: string) {
  return t.app.request('/api/wallet', { headers: { cookie, origin: t.config.appUrl } });
}

describe('PUT /api/wallet', () => {
  it('refuses a signed-out visitor', async () => {
    const response = await putWallet(null, { walletAddress: ADDRESS, chainId: 8453 });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe('UNAUTHORIZED');
    expect((await t.app.request('/api/wallet')).status).toBe(401);
  });

  it('saves the wallet lower-cased with the chain id, under the signed-in email', async () => {
    const { cookie, user } = await createSignedInUser(t);
    expect(await (await getWallet(cookie)).json()).toEqual({ wallet: null });

    const response = await putWallet(cookie, { walletAddress: ADDRESS, chainId: 8453 });
    expect(response.status).toBe(200);
    const { wallet } = (await response.json()) as { wallet: SavedWallet };
    expect(wallet).toEqual({
      email: user.email,
      walletAddress: ADDRESS.toLowerCase(),
      userId: user.id,
      chainId: 8453,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(await (await getWallet(cookie)).json()).toEqual({ wallet });

    const audit = await t.deps.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, user.id), eq(securityAuditLog.action, 'WALLET_SAVED')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ success: true, metadata: { walletAddress: ADDRESS.toLowerCase(), chainId: 8453 } });
  });

  it('upserts: a second save replaces the first (one row per email)', async () => {
    const { cookie, user } = await createSignedInUser(t);
    await putWallet(cookie, { walletAddress: ADDRESS, chainId: 1 });
    t.advanceTime(1_000);
    const second = '0x1111111111111111111111111111111111111111';
    const response = await putWallet(cookie, { walletAddress: second });
    expect(response.status).toBe(200);
    const { wallet } = (await response.json()) as { wallet: SavedWallet };
    expect(wallet).toMatchObject({ walletAddress: second, chainId: null, userId: user.id });

    const rows = await t.deps.db.select().from(userWallets).where(eq(userWallets.email, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.walletAddress).toBe(second);
  });

  it('lets two accounts save the same wallet, each to their own row', async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    const shared = '0x2222222222222222222222222222222222222222';
    expect((await putWallet(first.cookie, { walletAddress: shared })).status).toBe(200);
    expect((await putWallet(second.cookie, { walletAddress: shared })).status).toBe(200);
    const firstSaved = (await (await getWallet(first.cookie)).json()) as { wallet: SavedWallet };
    const secondSaved = (await (await getWallet(second.cookie)).json()) as { wallet: SavedWallet };
    expect(firstSaved.wallet).toMatchObject({ walletAddress: shared, email: first.user.email, userId: first.user.id });
    expect(secondSaved.wallet).toMatchObject({ walletAddress: shared, email: second.user.email, userId: second.user.id });
  });

  it.each([
    [{ walletAddress: '0x123' }],
    [{ walletAddress: 'AbCdEf0123456789aBcDeF0123456789AbCdEf0123' }],
    [{ walletAddress: '0xGGCdEf0123456789aBcDeF0123456789AbCdEf01' }],
    [{}],
    [{ walletAddress: ADDRESS, chainId: 'base' }],
    [{ walletAddress: ADDRESS, chainId: -1 }],
    [{ walletAddress: ADDRESS, userId: 'someone-else' }],
  ])('refuses %j with 400 and saves nothing', async (body) => {
    const { cookie } = await createSignedInUser(t);
    const response = await putWallet(cookie, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    expect(await (await getWallet(cookie)).json()).toEqual({ wallet: null });
  });
});
