import { summarizeDeposits, formatUsd } from '@keel/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualDeposits } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { privateKeyToAccount } from 'viem/accounts';
import { createSignedInUser } from '../../test-support/auth.js';
import { DEV_KEYS, addressOfKey, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { linkWallet, requestLinkMessage, submitLink } from '../../test-support/wallet-link.js';
import type { DepositRecord } from './list-deposits.js';

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ env: chain.env });
  await t.deps.db.insert(manualDeposits).values([
    { wallet: MINE, vault: 'Everyday Cash', depositAmount: '1000.5', apyPercent: '5.5', depositDate: '2026-11-01' },
    { wallet: MINE, vault: 'Smart Savings', depositAmount: '2000', apyPercent: '8.25', depositDate: '2026-10-23' },
    { wallet: MINE, vault: 'Growth Reserve', depositAmount: '0.000001', apyPercent: '22.1234', depositDate: '2026-10-22' },
    { wallet: OTHER, vault: 'Everyday Cash', depositAmount: '50', apyPercent: '6', depositDate: '2026-11-20' },
  ]);
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

// Wallets whose keys the tests hold, so they can be linked by signature.
const MINE = addressOfKey(DEV_KEYS[0]);
const OTHER = addressOfKey(DEV_KEYS[1]);
const EMPTY_KEY = DEV_KEYS[2];

function getDeposits(cookie: string | null, wallet?: string) {
  const query = wallet === undefined ? '' : `?wallet=${encodeURIComponent(wallet)}`;
  return t.app.request(`/api/deposits${query}`, {
    headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
  });
}

describe('GET /api/deposits', () => {
  it('refuses a signed-out visitor', async () => {
    const response = await getDeposits(null, MINE);
    expect(response.status).toBe(401);
  });

  it("lists the linked wallet's deposits, newest first, as exact decimal strings", async () => {
    const { cookie } = await createSignedInUser(t);
    await linkWallet(t, cookie, DEV_KEYS[0]);
    // Without ?wallet= every linked wallet; with it (any case) that one.
    const all = (await (await getDeposits(cookie)).json()) as { deposits: DepositRecord[] };
    const response = await getDeposits(cookie, MINE.toUpperCase().replace('0X', '0x'));
    expect(response.status).toBe(200);
    const { deposits } = (await response.json()) as { deposits: DepositRecord[] };
    expect(all.deposits).toEqual(deposits);
    expect(deposits).toEqual([
      {
        id: expect.any(String),
        wallet: MINE,
        vault: 'Everyday Cash',
        depositAmount: '1000.50',
        apyPercent: '5.5',
        depositDate: '2026-11-01',
      },
      {
        id: expect.any(String),
        wallet: MINE,
        vault: 'Smart Savings',
        depositAmount: '2000.00',
        apyPercent: '8.25',
        depositDate: '2026-10-23',
      },
      {
        id: expect.any(String),
        wallet: MINE,
        vault: 'Growth Reserve',
        depositAmount: '0.000001',
        apyPercent: '22.1234',
        depositDate: '2026-10-22',
      },
    ]);
    // What the dashboard then shows (rules in @keel/core/money).
    const summary = summarizeDeposits(deposits, '2026-11-22');
    expect(formatUsd(summary.totalBalance)).toBe('$3,000.50');
    expect(formatUsd(summary.totalEarnings)).toBe('$16.73'); // 3.16596575… + 13.56164383… = 16.727609…
    expect(summary.averageApy).toBe('7.3'); // (1000.5×5.5 + 2000×8.25 + 0.000001×22.1234) / 3000.500001 = 7.333…
  });

  it('answers an empty list for a linked wallet without deposits, and for an account without a link', async () => {
    const { cookie } = await createSignedInUser(t);
    expect(await (await getDeposits(cookie)).json()).toEqual({ deposits: [] });
    const empty = await linkWallet(t, cookie, EMPTY_KEY);
    const response = await getDeposits(cookie, empty);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deposits: [] });
  });

  it('answers 404 and no rows for an address that is not linked to the user', async () => {
    const { cookie } = await createSignedInUser(t);
    const unlinked = await getDeposits(cookie, OTHER);
    expect(unlinked.status).toBe(404);
    expect(await unlinked.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'This wallet is not linked to your account.' },
    });

    await linkWallet(t, cookie, DEV_KEYS[0]);
    const someoneElses = await getDeposits(cookie, OTHER);
    expect(someoneElses.status).toBe(404);
    expect(JSON.stringify(await someoneElses.json())).not.toContain('depositAmount');
  });

  it("cross-account: a second account cannot read the first account's deposits, nor link its wallet without its key", async () => {
    const first = await createSignedInUser(t);
    await linkWallet(t, first.cookie, DEV_KEYS[0]);
    expect(((await (await getDeposits(first.cookie)).json()) as { deposits: unknown[] }).deposits).toHaveLength(3);

    const second = await createSignedInUser(t);
    // Naming the address is not enough…
    expect((await getDeposits(second.cookie, MINE)).status).toBe(404);
    // …and claiming it needs a signature by its key: a signature by another key is refused.
    const issued = await requestLinkMessage(t, second.cookie, MINE);
    const { message } = (await issued.json()) as { message: string };
    const forged = await privateKeyToAccount(DEV_KEYS[1]).signMessage({ message });
    expect((await submitLink(t, second.cookie, { message, signature: forged })).status).toBe(400);
    expect(await (await getDeposits(second.cookie)).json()).toEqual({ deposits: [] });
    expect((await getDeposits(second.cookie, MINE)).status).toBe(404);
  });

  it.each(['0x123', 'not-an-address', `${MINE}00`])('refuses the malformed wallet %j with 400', async (wallet) => {
    const { cookie } = await createSignedInUser(t);
    const response = await getDeposits(cookie, wallet);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });
});
