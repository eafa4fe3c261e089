import { erc4626Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test-support/auth.js';
import { ANVIL_MISSING, chainClients, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp } from '../../test-support/test-app.js';
import type { PublicStats } from './read-public-stats.js';

let chain: TestChain;
let t: Awaited<ReturnType<typeof createTestApp>>;
let broken: Awaited<ReturnType<typeof createTestApp>>;

async function stats(app: typeof t): Promise<PublicStats> {
  // Public: no cookie, no origin.
  const response = await app.app.request('/api/stats');
  expect(response.status).toBe(200);
  return (await response.json()) as PublicStats;
}

async function chainTotal(): Promise<bigint> {
  const { publicClient } = chainClients(chain.rpcUrl);
  const totals = await Promise.all(
    Object.values(chain.vaults).map((address) =>
      publicClient.readContract({ address, abi: erc4626Abi, functionName: 'totalAssets' }),
    ),
  );
  return totals.reduce((sum, value) => sum + value, 0n);
}

if (ANVIL_MISSING) console.warn(`stats.routes.test.ts: ${ANVIL_MISSING}`);
beforeAll(async () => {
  if (ANVIL_MISSING) return;
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, STATS_CACHE_MS: '60000' } });
  broken = await createTestApp({ env: { ...chain.env, VAULT_GROWTH_RESERVE_ADDRESS: chain.usdc } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await broken?.close();
  await chain?.stop();
});

describe.skipIf(ANVIL_MISSING !== null)('GET /api/stats', () => {
  it('measures the three vaults’ total assets on chain and counts verified savers only, then serves that from its cache', async () => {
    await createSignedInUser(t);
    await createSignedInUser(t);
    // An account that never verified its email is not a saver.
    await t.deps.auth.api.signUpEmail({ body: { email: 'unverified@keel.test', name: 'Not Yet', password: 'Correct-Horse-9' } });

    const first = await stats(t);
    expect(first.totalValue?.value).toBe((await chainTotal()).toString());
    expect(BigInt(first.totalValue?.value ?? 0)).toBeGreaterThan(0n);
    expect(Number.isNaN(Date.parse(first.totalValue?.asOf ?? ''))).toBe(false);
    expect(first.savers?.value).toBe('2');

    // Within STATS_CACHE_MS a new saver and new deposits do not cost another read…
    await createSignedInUser(t);
    await chain.depositToVault('everydayCash', '500');
    expect(await stats(t)).toEqual(first);
    // …after it, they show.
    t.advanceTime(60_001);
    const later = await stats(t);
    expect(later.savers?.value).toBe('3');
    expect(BigInt(later.totalValue?.value ?? 0) - BigInt(first.totalValue?.value ?? 0)).toBe(500_000_000n);
  });

  it('gives no total at all while a vault is unverified, rather than a partial sum', async () => {
    const body = await stats(broken);
    expect(body.totalValue).toBeNull();
    expect(body.savers).toEqual({ value: '0', asOf: expect.any(String) });
  });
});
