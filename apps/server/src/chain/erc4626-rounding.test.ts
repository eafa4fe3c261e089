import { erc20Abi, erc4626Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYER, DEV_ACCOUNTS, chainClients, startTestChain, type TestChain } from '../test-support/chain.js';

/**
 * The share maths the dialogs show are the contract's own previews:
 * these tests pin, on a real ERC-4626 at an uneven share price, that each
 * preview is exactly what the transaction then does, that rounding goes
 * against the user, and why Max redeems shares instead of withdrawing assets.
 */
let chain: TestChain;
const user: Address = DEV_ACCOUNTS[3] ?? DEPLOYER;
const USDC = 1_000_000n;

beforeAll(async () => {
  chain = await startTestChain();
  // 1,250,000 USDC of seed deposits plus an odd amount of yield: a share is worth 1.000266… USDC.
  await chain.addYield('everydayCash', '333.333333');
  await chain.mintUsdc(user, '1000');
});
afterAll(async () => {
  await chain?.stop();
});

function clients() {
  return chainClients(chain.rpcUrl, user);
}

const vault = () => ({ address: chain.vaults.everydayCash, abi: erc4626Abi }) as const;

function previewDeposit(assets: bigint) {
  return clients().publicClient.readContract({ ...vault(), functionName: 'previewDeposit', args: [assets] });
}
function previewRedeem(shares: bigint) {
  return clients().publicClient.readContract({ ...vault(), functionName: 'previewRedeem', args: [shares] });
}
function previewWithdraw(assets: bigint) {
  return clients().publicClient.readContract({ ...vault(), functionName: 'previewWithdraw', args: [assets] });
}
function convertToAssets(shares: bigint) {
  return clients().publicClient.readContract({ ...vault(), functionName: 'convertToAssets', args: [shares] });
}
function maxWithdraw(owner: Address) {
  return clients().publicClient.readContract({ ...vault(), functionName: 'maxWithdraw', args: [owner] });
}
function sharesOf(owner: Address) {
  return clients().publicClient.readContract({ ...vault(), functionName: 'balanceOf', args: [owner] });
}

async function mined(hash: `0x${string}`) {
  const receipt = await clients().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
}

function deposit(assets: bigint) {
  return clients().walletClient.writeContract({
    ...vault(),
    chain: null,
    account: user,
    functionName: 'deposit',
    args: [assets, user],
  });
}
function withdraw(assets: bigint) {
  return clients().walletClient.writeContract({
    ...vault(),
    chain: null,
    account: user,
    functionName: 'withdraw',
    args: [assets, user, user],
  });
}
function redeem(shares: bigint) {
  return clients().walletClient.writeContract({
    ...vault(),
    chain: null,
    account: user,
    functionName: 'redeem',
    args: [shares, user, user],
  });
}

async function usdcOf(owner: Address) {
  return clients().publicClient.readContract({ address: chain.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

describe('ERC-4626 rounding, as the dialogs show it', () => {
  it('deposit mints exactly previewDeposit, and never more than the assets are worth', async () => {
    const assets = 25n * USDC;
    const preview = await previewDeposit(assets);
    await mined(
      await clients().walletClient.writeContract({
        chain: null,
        account: user,
        address: chain.usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [chain.vaults.everydayCash, assets],
      }),
    );
    await mined(await deposit(assets));
    expect(await sharesOf(user)).toBe(preview);
    // At a price above 1 the user gets fewer shares than assets, rounded down.
    expect(preview).toBeLessThan(assets);
    // Redeeming them at once pays back at most what went in: rounding is against the user.
    expect(await previewRedeem(preview)).toBeLessThanOrEqual(assets);
    expect(await previewRedeem(preview)).toBeGreaterThan(assets - 2n);
  });

  it('withdraw(assets) pays exactly the assets and burns previewWithdraw shares, rounded up', async () => {
    const shares = await sharesOf(user);
    const before = await usdcOf(user);
    const assets = 10n * USDC;
    const burn = await previewWithdraw(assets);
    await mined(await withdraw(assets));
    expect((await usdcOf(user)) - before).toBe(assets);
    expect(shares - (await sharesOf(user))).toBe(burn);
    // The burned shares are worth at least the assets paid out.
    expect(await convertToAssets(burn)).toBeGreaterThanOrEqual(assets);
  });

  it('withdrawing a maxWithdraw read before the price moved leaves shares behind; redeem(balanceOf) leaves none', async () => {
    const stale = await maxWithdraw(user);
    // Yield lands between reading the balance and sending (a price move, as on a live vault).
    await chain.addYield('everydayCash', '25000');
    await mined(await withdraw(stale));
    const dust = await sharesOf(user);
    expect(dust).toBeGreaterThan(0n);

    // Max in Keel: redeem every share held, read just before sending.
    const before = await usdcOf(user);
    const expected = await previewRedeem(dust);
    await mined(await redeem(dust));
    expect(await sharesOf(user)).toBe(0n);
    expect((await usdcOf(user)) - before).toBe(expected);
  });
});
