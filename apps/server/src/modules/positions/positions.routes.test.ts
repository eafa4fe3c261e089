import { erc4626Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWallets } from '../../db/schema.js';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { DEV_KEYS, chainClients, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { linkWallet } from '../../test-support/wallet-link.js';
import type { Position } from './read-positions.js';

type PositionsBody = {
  wallets: string[];
  vaults: { id: string; name: string; address: string; available: boolean }[];
  positions: Position[];
  readAt: string;
};

const LIMIT = 6;
let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, LIMIT_VAULT_DATA_MAX: String(LIMIT) } });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

function getPositions(cookie: string) {
  return t.app.request('/api/positions', { headers: { cookie, origin: t.config.appUrl } });
}

async function readOnChain(vault: Address, wallet: Address) {
  const { publicClient } = chainClients(chain.rpcUrl);
  const shares = await publicClient.readContract({ address: vault, abi: erc4626Abi, functionName: 'balanceOf', args: [wallet] });
  const [assets, sharePrice] = await Promise.all([
    publicClient.readContract({ address: vault, abi: erc4626Abi, functionName: 'previewRedeem', args: [shares] }),
    publicClient.readContract({ address: vault, abi: erc4626Abi, functionName: 'convertToAssets', args: [1_000_000n] }),
  ]);
  return { shares: shares.toString(), assets: assets.toString(), sharePrice: sharePrice.toString() };
}

describe('GET /api/positions', () => {
  it('refuses a signed-out visitor', async () => {
    expect((await t.app.request('/api/positions')).status).toBe(401);
  });

  it('answers no positions for an account without a linked wallet, or with a wallet saved without a signature', async () => {
    const user = await createSignedInUser(t);
    const body = (await (await getPositions(user.cookie)).json()) as PositionsBody;
    expect(body).toMatchObject({ wallets: [], positions: [] });
    expect(body.vaults.map((vault) => [vault.name, vault.available])).toEqual([
      ['Everyday Cash', true],
      ['Smart Savings', true],
      ['Growth Reserve', true],
    ]);
    // The seed depositor holds shares, but a row saved without a signature grants nothing.
    await t.deps.db.insert(userWallets).values({
      email: user.user.email,
      userId: user.user.id,
      walletAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    });
    expect(((await (await getPositions(user.cookie)).json()) as PositionsBody).positions).toEqual([]);
  });

  it("reads the linked wallet's shares and their value exactly as the vault contracts answer", async () => {
    const user = await createSignedInUser(t);
    const wallet = await linkWallet(t, user.cookie, DEV_KEYS[0]);
    await chain.depositToVault('everydayCash', '25', wallet);
    await chain.depositToVault('growthReserve', '1234.567891', wallet);
    // Yield makes share prices uneven, so rounding shows.
    await chain.addYield('everydayCash', '333.333333');
    await chain.addYield('growthReserve', '7.000001');

    const response = await getPositions(user.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as PositionsBody;
    expect(body.wallets).toEqual([wallet]);
    const cash = await readOnChain(chain.vaults.everydayCash, wallet);
    const growth = await readOnChain(chain.vaults.growthReserve, wallet);
    expect(body.positions).toEqual([
      {
        walletAddress: wallet,
        vaultId: 'everyday-cash',
        vaultName: 'Everyday Cash',
        vaultAddress: chain.vaults.everydayCash.toLowerCase(),
        shareDecimals: 6,
        ...cash,
      },
      {
        walletAddress: wallet,
        vaultId: 'growth-reserve',
        vaultName: 'Growth Reserve',
        vaultAddress: chain.vaults.growthReserve.toLowerCase(),
        shareDecimals: 6,
        ...growth,
      },
    ]);
    // 25 USDC bought 25e6 shares at a price of exactly 1; yield then lifted the price.
    expect(cash.shares).toBe('25000000');
    expect(BigInt(cash.assets)).toBeGreaterThan(25_000_000n);
    expect(BigInt(cash.sharePrice)).toBeGreaterThan(1_000_000n);

    // A later block (a new deposit) is read anew, whatever the cache.
    await chain.depositToVault('everydayCash', '10', wallet);
    const after = (await (await getPositions(user.cookie)).json()) as PositionsBody;
    expect(after.positions[0]?.shares).toBe((await readOnChain(chain.vaults.everydayCash, wallet)).shares);
    expect(BigInt(after.positions[0]?.shares ?? '0')).toBeGreaterThan(25_000_000n);
  });

  it('limits each user like the vault data', async () => {
    const user = await createSignedInUser(t);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await getPositions(user.cookie)).status).toBe(200);
    const denied = await getPositions(user.cookie);
    expect(denied.status).toBe(429);
    expect(((await denied.json()) as ErrorBody).error.message).toBe('Rate limit exceeded. Please try again later.');
  });

  // Last: it stops the chain.
  it('answers "Balances could not be read from Base" when the chain read fails, never an empty list', async () => {
    const user = await createSignedInUser(t);
    await linkWallet(t, user.cookie, DEV_KEYS[1]);
    await chain.stop();
    const response = await getPositions(user.cookie);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: { code: 'UPSTREAM_FAILED', message: 'Balances could not be read from Base' },
    });
  });
});
