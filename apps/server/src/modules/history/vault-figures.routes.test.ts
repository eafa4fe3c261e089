import { realisedApy } from '@keel/core/yield-math';
import { erc4626Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { increaseTime } from '../../../../../contracts/chain-actions.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { ANVIL_MISSING, chainClients, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp } from '../../test-support/test-app.js';
import { createHistoryIndexer, listVerifiedVaults, type HistoryIndexer } from './indexer/history-indexer.js';
import type { VaultFigures } from './load-vault-figures.js';

const DAY_SECONDS = 86_400;

let chain: TestChain;
let t: Awaited<ReturnType<typeof createTestApp>>;
let broken: Awaited<ReturnType<typeof createTestApp>>;
let indexer: HistoryIndexer;
let saver: SignedInUser;
let brokenSaver: SignedInUser;

async function indexAll() {
  await chain.mine(t.config.chainConfirmations);
  for (let round = 0; round < 100; round += 1) {
    const result = await indexer.tick();
    if (result.status === 'failed') throw result.error;
    if (result.status === 'indexed' && result.pass.caughtUp) return;
  }
  throw new Error('indexer did not catch up');
}

function request(app: typeof t, cookie: string | null, path: string) {
  return app.app.request(path, { headers: { origin: app.config.appUrl, ...(cookie ? { cookie } : {}) } });
}

async function figures(id: string, range = '30d'): Promise<VaultFigures> {
  const response = await request(t, saver.cookie, `/api/history/vaults/${id}?range=${range}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as VaultFigures;
}

if (ANVIL_MISSING) console.warn(`vault-figures.routes.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, VAULT_CACHE_MS: '0' } });
  // Growth Reserve pointed at the USDC token: not an ERC-4626 vault, so it fails verification.
  broken = await createTestApp({ env: { ...chain.env, VAULT_GROWTH_RESERVE_ADDRESS: chain.usdc } });
  indexer = createHistoryIndexer({
    db: t.deps.db,
    tryLock: t.database.tryLock,
    chain: t.deps.historyChain,
    config: t.config,
    logger: t.deps.logger,
    listVaults: listVerifiedVaults(t.deps.chain.vaults),
  });
  saver = await createSignedInUser(t);
  brokenSaver = await createSignedInUser(broken);
  await indexAll();
}, 120_000);
afterAll(async () => {
  await indexer?.stop();
  await t?.close();
  await broken?.close();
  await chain?.stop();
});

describe.skipIf(ANVIL_MISSING !== null)('GET /api/history/vaults/:id', () => {
  it('refuses a signed-out visitor, an unknown vault and an unknown range with clear JSON', async () => {
    const anonymous = await request(t, null, '/api/history/vaults/everyday-cash');
    expect(anonymous.status).toBe(401);
    const unknown = await request(t, saver.cookie, '/api/history/vaults/rainy-day');
    expect(unknown.status).toBe(400);
    const unknownBody = (await unknown.json()) as ErrorBody;
    expect(unknownBody.error.code).toBe('VALIDATION_FAILED');
    expect(unknownBody.error.message).toContain('everyday-cash, smart-savings, growth-reserve');
    const badRange = await request(t, saver.cookie, '/api/history/vaults/everyday-cash?range=2w');
    expect(badRange.status).toBe(400);
    expect(((await badRange.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers total assets and share price as the chain reads them at the indexed block', async () => {
    const body = await figures('smart-savings');
    const { publicClient } = chainClients(chain.rpcUrl);
    const block = BigInt(body.figures?.blockNumber ?? -1);
    const [totalAssets, sharePrice] = await Promise.all([
      publicClient.readContract({
        address: chain.vaults.smartSavings,
        abi: erc4626Abi,
        functionName: 'totalAssets',
        blockNumber: block,
      }),
      publicClient.readContract({
        address: chain.vaults.smartSavings,
        abi: erc4626Abi,
        functionName: 'convertToAssets',
        args: [10n ** BigInt(body.figures?.shareDecimals ?? 6)],
        blockNumber: block,
      }),
    ]);
    expect(body.vault).toEqual({
      id: 'smart-savings',
      name: 'Smart Savings',
      address: chain.vaults.smartSavings.toLowerCase(),
      available: true,
    });
    expect(body.figures?.totalAssets).toBe(totalAssets.toString());
    expect(totalAssets).toBeGreaterThan(0n);
    expect(body.figures?.sharePrice).toBe(sharePrice.toString());
    expect(body.chart.length).toBeGreaterThan(0);
    expect(body.chart.at(-1)?.price).toBe(sharePrice.toString());
    // No day of history yet: no realised APY rather than an annualised guess from minutes.
    expect(body.figures?.realisedApy7d).toEqual({ apy: null, since: null });
  });

  it('realises the APY from share-price snapshots once a day has passed and yield arrived', async () => {
    const before = await figures('everyday-cash');
    await increaseTime(chain.rpcUrl, 8 * DAY_SECONDS);
    await chain.addYield('everydayCash', '1000');
    await indexAll();
    const after = await figures('everyday-cash');
    const start = BigInt(before.figures?.sharePrice ?? 0);
    const end = BigInt(after.figures?.sharePrice ?? 0);
    expect(end).toBeGreaterThan(start);
    const week = after.figures?.realisedApy7d;
    expect(week?.apy).not.toBeNull();
    const since = Date.parse(week?.since ?? '');
    const elapsed = Date.parse(after.figures?.asOf ?? '') - since;
    expect(week?.apy).toBe(realisedApy(start, end, elapsed)?.toString());
    expect(BigInt(week?.apy ?? 0)).toBeGreaterThan(0n);
    // The 30-day window starts at the first snapshot too (history is shorter than 30 days).
    expect(after.figures?.realisedApy30d.apy).not.toBeNull();
  });

  it('says a vault that failed verification is unavailable, with no figures', async () => {
    const response = await request(broken, brokenSaver.cookie, '/api/history/vaults/growth-reserve');
    expect(response.status).toBe(200);
    const body = (await response.json()) as VaultFigures;
    expect(body.vault.available).toBe(false);
    expect(body.figures).toBeNull();
    expect(body.chart).toEqual([]);
  });
});
