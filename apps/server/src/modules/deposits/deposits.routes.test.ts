import { summarizeDeposits, formatUsd } from '@keel/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualDeposits } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import type { DepositRecord } from './list-deposits.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.insert(manualDeposits).values([
    { wallet: MINE, vault: 'Everyday Cash', depositAmount: '1000.5', apyPercent: '5.5', depositDate: '2026-11-01' },
    { wallet: MINE, vault: 'Smart Savings', depositAmount: '2000', apyPercent: '8.25', depositDate: '2026-10-23' },
    { wallet: MINE, vault: 'Growth Reserve', depositAmount: '0.000001', apyPercent: '22.1234', depositDate: '2026-10-22' },
    { wallet: OTHER, vault: 'Everyday Cash', depositAmount: '50', apyPercent: '6', depositDate: '2026-11-20' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const MINE = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const EMPTY = '0xcccccccccccccccccccccccccccccccccccccccc';

async function saveWallet(cookie: string, walletAddress: string) {
  const response = await t.app.request('/api/wallet', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie },
    body: JSON.stringify({ walletAddress }),
  });
  expect(response.status).toBe(200);
}

function getDeposits(cookie: string | null, wallet: string) {
  return t.app.request(`/api/deposits?wallet=${encodeURIComponent(wallet)}`, {
    headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
  });
}

describe('GET /api/deposits', () => {
  it('refuses a signed-out visitor', async () => {
    const response = await getDeposits(null, MINE);
    expect(response.status).toBe(401);
  });

  it("lists the saved wallet's deposits, newest first, as exact decimal strings", async () => {
    const { cookie } = await createSignedInUser(t);
    // Saved in mixed case: the wallet is compared lower-cased.
    await saveWallet(cookie, MINE.toUpperCase().replace('0X', '0x'));
    const response = await getDeposits(cookie, MINE.replace('0xaa', '0xAA'));
    expect(response.status).toBe(200);
    const { deposits } = (await response.json()) as { deposits: DepositRecord[] };
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

  it('answers an empty list for a saved wallet without deposits', async () => {
    const { cookie } = await createSignedInUser(t);
    await saveWallet(cookie, EMPTY);
    const response = await getDeposits(cookie, EMPTY);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deposits: [] });
  });

  it("refuses a wallet that is not the user's saved wallet", async () => {
    const { cookie } = await createSignedInUser(t);
    const unsaved = await getDeposits(cookie, OTHER);
    expect(unsaved.status).toBe(403);
    expect(await unsaved.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'This wallet is not linked to your account.' } });

    await saveWallet(cookie, MINE);
    const someoneElses = await getDeposits(cookie, OTHER);
    expect(someoneElses.status).toBe(403);
  });

  it.each(['', '0x123', 'not-an-address', `${MINE}00`])('refuses the malformed wallet %j with 400', async (wallet) => {
    const { cookie } = await createSignedInUser(t);
    const response = await getDeposits(cookie, wallet);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });
});
