import { priceChange, realisedApy } from '@keel/core/yield-math';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToAssets, increaseTime, shareBalance, withdrawFromVault } from '../../../../../contracts/chain-actions.js';
import { userWallets } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { ANVIL_MISSING, addressOfKey, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp } from '../../test-support/test-app.js';
import { linkWallet } from '../../test-support/wallet-link.js';
import type { HistoryOverview, HistoryResponse } from './build-history.js';
import { createHistoryIndexer, listVerifiedVaults, type HistoryIndexer } from './indexer/history-indexer.js';

const DAY_SECONDS = 86_400;
const WALLET_KEY = generatePrivateKey();
const WALLET: Address = privateKeyToAccount(WALLET_KEY).address;

let chain: TestChain;
let t: Awaited<ReturnType<typeof createTestApp>>;
let indexer: HistoryIndexer;
let saver: SignedInUser;
let depositHash: string;

async function indexAll() {
  await chain.mine(t.config.chainConfirmations);
  for (let round = 0; round < 100; round += 1) {
    const result = await indexer.tick();
    if (result.status === 'failed') throw result.error;
    if (result.status === 'indexed' && result.pass.caughtUp) return;
  }
  throw new Error('indexer did not catch up');
}

function request(cookie: string | null, path: string) {
  return t.app.request(path, { headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) } });
}

async function history(cookie: string, range = '30d'): Promise<HistoryResponse> {
  const response = await request(cookie, `/api/history?range=${range}`);
  expect(response.status).toBe(200);
  return (await response.json()) as HistoryResponse;
}

if (ANVIL_MISSING) console.warn(`history.routes.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  // No cache of current reads: each request sees the chain as the test just left it.
  t = await createTestApp({ env: { ...chain.env, VAULT_CACHE_MS: '0' } });
  indexer = createHistoryIndexer({
    db: t.deps.db,
    tryLock: t.database.tryLock,
    chain: t.deps.historyChain,
    config: t.config,
    logger: t.deps.logger,
    listVaults: listVerifiedVaults(t.deps.chain.vaults),
  });
  saver = await createSignedInUser(t);
  // Linked by signature: the only wallets whose history the account may read.
  await linkWallet(t, saver.cookie, WALLET_KEY);
  depositHash = await chain.depositToVault('everydayCash', '1000', WALLET);
  // The app records what it sends (issue "Real deposits and withdrawals"): this deposit went through Keel.
  const recorded = await t.app.request('/api/transfers', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: saver.cookie },
    body: JSON.stringify({
      txHash: depositHash,
      kind: 'deposit',
      walletAddress: WALLET,
      vaultAddress: chain.vaults.everydayCash,
      requestedAssets: '1000000000',
    }),
  });
  expect(recorded.status, await recorded.clone().text()).toBe(201);
  await indexAll();
});
afterAll(async () => {
  await indexer?.stop();
  await t?.close();
  await chain?.stop();
});

describe.skipIf(ANVIL_MISSING !== null)('GET /api/history', () => {
  it('refuses a signed-out visitor and an unknown range', async () => {
    expect((await request(null, '/api/history')).status).toBe(401);
    expect((await request(null, '/api/history/export.csv')).status).toBe(401);
    const bad = await request(saver.cookie, '/api/history?range=2w');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });

  it('shows the deposit made on chain as a Deposit row with its transaction', async () => {
    const body = await history(saver.cookie);
    expect(body.hasHistory).toBe(true);
    expect(body.activity[0]).toMatchObject({
      type: 'Deposit',
      vault: 'Everyday Cash',
      amount: '1000000000',
      shares: '1000000000',
      txHash: depositHash.toLowerCase(),
      isFromKeel: true,
    });
    expect(body.walletCount).toBe(1);
    expect(body.unavailableVaults).toEqual([]);
    expect(body.summary).toMatchObject({ totalDeposits: '1000000000', currentValue: '1000000000', totalEarnings: '0' });
    expect(body.chart.balance.length).toBeGreaterThan(1);
    expect(body.chart.markers).toEqual([expect.objectContaining({ type: 'Deposit', amount: '1000000000', value: '1000000000' })]);
    expect(body.chart.sharePrices.map((series) => series.name)).toEqual(['Everyday Cash', 'Smart Savings', 'Growth Reserve']);
  });

  it('only ever shows the wallets linked to the signed-in account, whatever the query says', async () => {
    const stranger = await createSignedInUser(t);
    // A wallet saved before signatures were required (no linked_at) grants nothing.
    await t.deps.db
      .insert(userWallets)
      .values({ email: stranger.user.email, walletAddress: addressOfKey(WALLET_KEY), userId: stranger.user.id });
    const body = await history(stranger.cookie);
    expect(body.hasHistory).toBe(false);
    expect(body.activity).toEqual([]);
    const sneaky = await request(stranger.cookie, `/api/history?range=all&wallet=${WALLET}`);
    expect(((await sneaky.json()) as HistoryResponse).activity).toEqual([]);
    const csv = await (await request(stranger.cookie, '/api/history/export.csv')).text();
    expect(csv.trim().split('\r\n')).toEqual(['date,type,vault,amount_usdc,shares,tx_hash,counterparty']);
  });

  it('after yield raises the share price: earned and realised APY match viem reads', async () => {
    await increaseTime(chain.rpcUrl, 12 * DAY_SECONDS);
    await chain.mine(1);
    // 1% of the vault's assets (1,250,000 seed + 1,000): price 1.00 → 1.01.
    await chain.addYield('everydayCash', '12510');
    await indexAll();
    const body = await history(saver.cookie);
    const vault = chain.vaults.everydayCash;
    const everyday = body.vaults.find((entry) => entry.id === 'everyday-cash');
    if (!everyday?.apySince || !body.asOf) throw new Error('no everyday cash figures');

    const block = everyday.indexedBlock;
    const shares = await shareBalance(chain.rpcUrl, vault, WALLET);
    const client = t.deps.historyChain;
    const value = await client.convertToAssets(vault, shares, block);
    const { sharePrice } = await client.readSharePrice(vault, 6, block);
    // OpenZeppelin rounds conversions down (its virtual share): 1.01 less a unit at most.
    expect(1_010_000n - sharePrice).toBeLessThanOrEqual(1n);
    expect(everyday.value).toBe(value.toString());
    expect(BigInt(everyday.earned)).toBe(value - 1_000_000_000n);
    expect(BigInt(everyday.earned)).toBeGreaterThan(9_990_000n);
    expect(body.summary.earnedAllTime).toBe(everyday.earned);
    // The range's start snapshot is the seed deposit's (price exactly 1).
    const elapsed = Date.parse(body.asOf) - Date.parse(everyday.apySince);
    expect(everyday.realisedApy).toBe(realisedApy(1_000_000n, sharePrice, elapsed)?.toString());
    expect(everyday.priceChange).toBe(priceChange(1_000_000n, sharePrice)?.toString());
    // The only held vault: the average is its APY.
    expect(body.summary.averageApy).toBe(everyday.realisedApy);
    const interest = body.activity.filter((row) => row.type === 'Interest');
    expect(interest.length).toBeGreaterThan(0);
    expect(interest.every((row) => row.txHash === null && row.shares === null)).toBe(true);
    expect(interest.reduce((sum, row) => sum + BigInt(row.amount), 0n)).toBe(BigInt(everyday.earned));
  });

  it('range buttons change the figures: a 7-day range has no deposit, 30 days has it', async () => {
    const week = await history(saver.cookie, '7d');
    const month = await history(saver.cookie, '30d');
    expect(week.summary.totalDeposits).toBe('0');
    expect(month.summary.totalDeposits).toBe('1000000000');
    expect(Date.parse(week.from ?? '')).toBeGreaterThan(Date.parse(month.from ?? ''));
    const all = await history(saver.cookie, 'all');
    expect(all.from).toBeNull();
    expect(all.summary.totalEarnings).toBe(all.summary.earnedAllTime);
  });

  it('a withdrawal shows as Withdraw with a minus; net contributed and earned follow', async () => {
    const hash = await withdrawFromVault(chain.rpcUrl, chain.vaults.everydayCash, '400', WALLET);
    await indexAll();
    const body = await history(saver.cookie, 'all');
    // Made elsewhere (not recorded by Keel), shown all the same.
    expect(body.activity[0]).toMatchObject({
      type: 'Withdraw',
      amount: '-400000000',
      txHash: hash.toLowerCase(),
      isFromKeel: false,
    });
    expect(body.summary.netContributed).toBe('600000000');
    const value = await convertToAssets(
      chain.rpcUrl,
      chain.vaults.everydayCash,
      await shareBalance(chain.rpcUrl, chain.vaults.everydayCash, WALLET),
    );
    expect(BigInt(body.summary.earnedAllTime)).toBe(value - 600_000_000n);
    expect(body.chart.markers.map((marker) => marker.type)).toEqual(['Withdraw', 'Deposit']);
  });
});

describe.skipIf(ANVIL_MISSING !== null)('GET /api/history/export.csv', () => {
  it("streams the signed-in user's activity as a CSV attachment", async () => {
    const response = await request(saver.cookie, '/api/history/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="keel-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Personal data: never cached, never sniffed into something else, like every /api answer.
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,type,vault,amount_usdc,shares,tx_hash,counterparty');
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[^,]+Z,Deposit,Everyday Cash,1000\\.00,1000,${depositHash.toLowerCase()},$`),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/,Withdraw,Everyday Cash,-400\.00,\d+(\.\d+)?,0x[0-9a-f]{64},$/));
    expect(lines).toContainEqual(expect.stringMatching(/,Interest,Everyday Cash,\d+\.\d{2,6},,,$/));
  });
});

describe.skipIf(ANVIL_MISSING !== null)('GET /api/history/overview', () => {
  it('gives the dashboard earned since the first deposit and the realised 30-day APY', async () => {
    const response = await request(saver.cookie, '/api/history/overview');
    expect(response.status).toBe(200);
    const overview = (await response.json()) as HistoryOverview;
    const all = await history(saver.cookie, 'all');
    expect(overview.earnedAllTime).toBe(all.summary.earnedAllTime);
    expect(overview.currentValue).toBe(all.summary.currentValue);
    expect(overview.realisedApy30d).not.toBeNull();
    const everyday = overview.vaults.find((vault) => vault.id === 'everyday-cash');
    expect(BigInt(everyday?.realisedApy30d ?? '0')).toBeGreaterThan(0n);
    // A vault nobody added yield to: flat price, 0% realised.
    expect(overview.vaults.find((vault) => vault.id === 'smart-savings')?.realisedApy30d).toBe('0');
  });
});

describe.skipIf(ANVIL_MISSING !== null)('history rate limit', () => {
  it('caps each user at LIMIT_HISTORY_MAX reads per window: 429 with Retry-After, the next window allowed again', async () => {
    const limited = await createTestApp({ env: { ...chain.env, LIMIT_HISTORY_MAX: '2', LIMIT_HISTORY_WINDOW_MS: '60000' } });
    try {
      const user = await createSignedInUser(limited);
      const read = (path: string) =>
        limited.app.request(path, { headers: { origin: limited.config.appUrl, cookie: user.cookie } });
      // The page, the dashboard figures and the CSV share one budget.
      expect((await read('/api/history')).status).toBe(200);
      expect((await read('/api/history/overview')).status).toBe(200);
      const refused = await read('/api/history/export.csv');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused.json()) as ErrorBody;
      expect(body.error.code).toBe('RATE_LIMITED');
      expect(body.error.message).toMatch(/^Too many history requests\. Please try again in \d+ seconds\.$/);
      // Another user has a budget of their own.
      const other = await createSignedInUser(limited);
      const theirs = await limited.app.request('/api/history', {
        headers: { origin: limited.config.appUrl, cookie: other.cookie },
      });
      expect(theirs.status).toBe(200);
      limited.advanceTime(60_000);
      expect((await read('/api/history')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
