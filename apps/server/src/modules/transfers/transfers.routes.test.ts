import { erc20Abi, erc4626Abi, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../lib/app-error.js';
import { createSignedInUser, type SignedInUser } from '../../test-support/auth.js';
import { DEV_KEYS, chainClients, startTestChain, type TestChain } from '../../test-support/chain.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { linkWallet } from '../../test-support/wallet-link.js';
import { confirmPendingTransfers, PENDING_GIVE_UP_MS } from './confirm-transfers.js';
import type { TransferRecord } from './transfer-record.js';

let chain: TestChain;
let t: TestApp;
let owner: SignedInUser;
let wallet: Address;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ env: { ...chain.env, CHAIN_CONFIRMATIONS: '2' } });
  owner = await createSignedInUser(t);
  wallet = await linkWallet(t, owner.cookie, DEV_KEYS[0]);
  await chain.mintUsdc(wallet, '1000');
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** anvil signs for its dev accounts itself: the tests send as the linked wallet. */
function walletClient() {
  return chainClients(chain.rpcUrl, privateKeyToAccount(DEV_KEYS[0]).address).walletClient;
}

async function approve(vault: Address, amount: bigint): Promise<Hash> {
  return walletClient().writeContract({
    chain: null,
    account: wallet,
    address: chain.usdc,
    abi: erc20Abi,
    functionName: 'approve',
    args: [vault, amount],
  });
}

async function deposit(vault: Address, amount: bigint, options: { gas?: bigint } = {}): Promise<Hash> {
  await approve(vault, amount);
  return walletClient().writeContract({
    chain: null,
    account: wallet,
    address: vault,
    abi: erc4626Abi,
    functionName: 'deposit',
    args: [amount, wallet],
    ...options,
  });
}

function record(user: SignedInUser, body: Record<string, unknown>) {
  return t.app.request('/api/transfers', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl, cookie: user.cookie },
    body: JSON.stringify(body),
  });
}

async function recorded(body: Record<string, unknown>): Promise<TransferRecord> {
  const response = await record(owner, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { transfer: TransferRecord }).transfer;
}

async function listed(user: SignedInUser): Promise<TransferRecord[]> {
  const response = await t.app.request('/api/transfers', { headers: { cookie: user.cookie } });
  return ((await response.json()) as { transfers: TransferRecord[] }).transfers;
}

function confirmPass() {
  return confirmPendingTransfers({
    db: t.deps.db,
    client: t.deps.chain.client,
    config: t.config,
    logger: t.deps.logger,
    now: () => t.deps.now(),
  });
}

async function statusOf(hash: string) {
  return (await listed(owner)).find((transfer) => transfer.txHash === hash.toLowerCase());
}

describe('transfers: recorded at once, settled by the server from receipts', () => {
  it('records a deposit as pending, then confirms it from the vault event once 2 blocks deep', async () => {
    const hash = await deposit(chain.vaults.everydayCash, 25_000_000n);
    const transfer = await recorded({
      txHash: hash,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash,
      requestedAssets: '25000000',
    });
    expect(transfer).toMatchObject({
      status: 'pending',
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash.toLowerCase(),
      chainId: 8453,
      txHash: hash.toLowerCase(),
      requestedAssets: '25000000',
      requestedShares: null,
      assets: null,
    });
    // Mined (automine) but only 1 confirmation deep: still pending.
    expect(await confirmPass()).toEqual({ confirmed: 0, failed: 0, pending: 1 });
    expect((await statusOf(hash))?.status).toBe('pending');

    await chain.mine(1);
    expect(await confirmPass()).toEqual({ confirmed: 1, failed: 0, pending: 0 });
    const confirmed = await statusOf(hash);
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      assets: '25000000',
      shares: '25000000',
      failureReason: null,
      blockNumber: expect.any(Number),
      logIndex: expect.any(Number),
      settledAt: expect.stringMatching(/Z$/),
    });
    // Settled rows are never looked at again.
    expect(await confirmPass()).toEqual({ confirmed: 0, failed: 0, pending: 0 });
  });

  it('is idempotent for the same account, and refuses the same hash for another account', async () => {
    const hash = await deposit(chain.vaults.smartSavings, 12_000_000n);
    const body = {
      txHash: hash,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.smartSavings,
      requestedAssets: '12000000',
    };
    const first = await recorded(body);
    const again = await recorded(body);
    expect(again.id).toBe(first.id);

    const other = await createSignedInUser(t);
    await linkWallet(t, other.cookie, DEV_KEYS[1]);
    const stolen = await record(other, { ...body, walletAddress: privateKeyToAccount(DEV_KEYS[1]).address });
    expect(stolen.status).toBe(409);
    expect(await listed(other)).toEqual([]);
  });

  it('confirms a Max withdrawal (redeem of every share) from its Withdraw event', async () => {
    const { publicClient } = chainClients(chain.rpcUrl);
    const shares = await publicClient.readContract({
      address: chain.vaults.everydayCash,
      abi: erc4626Abi,
      functionName: 'balanceOf',
      args: [wallet],
    });
    const hash = await walletClient().writeContract({
      chain: null,
      account: wallet,
      address: chain.vaults.everydayCash,
      abi: erc4626Abi,
      functionName: 'redeem',
      args: [shares, wallet, wallet],
    });
    await recorded({
      txHash: hash,
      kind: 'withdraw',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash,
      requestedShares: shares.toString(),
    });
    await chain.mine(1);
    await confirmPass();
    expect(await statusOf(hash)).toMatchObject({ status: 'confirmed', shares: shares.toString(), assets: '25000000' });
  });

  it('fails a reverted deposit with the reason in plain words', async () => {
    await chain.setPaused('growthReserve', true);
    try {
      // An explicit gas limit skips estimation, as a wallet that sends anyway would.
      const hash = await deposit(chain.vaults.growthReserve, 15_000_000n, { gas: 500_000n });
      await recorded({
        txHash: hash,
        kind: 'deposit',
        walletAddress: wallet,
        vaultAddress: chain.vaults.growthReserve,
        requestedAssets: '15000000',
      });
      await chain.mine(1);
      await confirmPass();
      expect(await statusOf(hash)).toMatchObject({
        status: 'failed',
        failureReason: 'The transaction was reverted: Vault is paused.',
        assets: null,
      });
    } finally {
      await chain.setPaused('growthReserve', false);
    }
  });

  it('confirms a deposit another address sent for the wallet, as a bundler delivers a smart account’s operation', async () => {
    // A passkey account's operation reaches Base in a bundler's transaction: tx.from is the bundler, the shares are the account's.
    const bundler = privateKeyToAccount(DEV_KEYS[1]).address;
    const sender = chainClients(chain.rpcUrl, bundler).walletClient;
    await chain.mintUsdc(bundler, '20');
    const write = { chain: null, account: bundler } as const;
    await sender.writeContract({
      ...write,
      address: chain.usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [chain.vaults.everydayCash, 20_000_000n],
    });
    const hash = await sender.writeContract({
      ...write,
      address: chain.vaults.everydayCash,
      abi: erc4626Abi,
      functionName: 'deposit',
      args: [20_000_000n, wallet],
    });
    const { publicClient } = chainClients(chain.rpcUrl);
    expect((await publicClient.getTransaction({ hash })).from.toLowerCase()).not.toBe(wallet);
    await recorded({
      txHash: hash,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash,
      requestedAssets: '20000000',
    });
    await chain.mine(2);
    await confirmPass();
    expect(await statusOf(hash)).toMatchObject({ status: 'confirmed', assets: '20000000' });
  });

  it("fails a hash that is not this wallet's deposit into this vault, whatever the browser claimed", async () => {
    const approval = await approve(chain.vaults.smartSavings, 1n);
    await recorded({
      txHash: approval,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.smartSavings,
      requestedAssets: '1000000',
    });
    // A real deposit into Everyday Cash, claimed as one into Smart Savings.
    const elsewhere = await deposit(chain.vaults.everydayCash, 11_000_000n);
    await recorded({
      txHash: elsewhere,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.smartSavings,
      requestedAssets: '11000000',
    });
    // A deposit claimed as a withdrawal.
    const claimedWithdraw = await deposit(chain.vaults.everydayCash, 10_000_000n);
    await recorded({
      txHash: claimedWithdraw,
      kind: 'withdraw',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash,
      requestedAssets: '10000000',
    });
    await chain.mine(2);
    await confirmPass();
    const noDeposit = 'The transaction has no Deposit event of this vault for this wallet.';
    expect(await statusOf(approval)).toMatchObject({ status: 'failed', failureReason: noDeposit });
    expect(await statusOf(elsewhere)).toMatchObject({ status: 'failed', failureReason: noDeposit });
    expect(await statusOf(claimedWithdraw)).toMatchObject({
      status: 'failed',
      failureReason: 'The transaction has no Withdraw event of this vault for this wallet.',
    });
  });

  it('keeps an unknown hash pending, then fails it as never seen after 30 minutes', async () => {
    const ghost = `0x${'ab'.repeat(32)}`;
    await recorded({
      txHash: ghost,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash,
      requestedAssets: '10000000',
    });
    await confirmPass();
    expect((await statusOf(ghost))?.status).toBe('pending');
    t.advanceTime(PENDING_GIVE_UP_MS);
    await confirmPass();
    expect(await statusOf(ghost)).toMatchObject({
      status: 'failed',
      failureReason: 'The transaction was never seen on Base (dropped or replaced).',
    });
  });

  it('records only for a linked wallet, one of the configured vaults, with a valid body', async () => {
    const base = {
      txHash: `0x${'cd'.repeat(32)}`,
      kind: 'deposit',
      walletAddress: wallet,
      vaultAddress: chain.vaults.everydayCash,
      requestedAssets: '10000000',
    };
    const signedOut = await t.app.request('/api/transfers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: JSON.stringify(base),
    });
    expect(signedOut.status).toBe(401);

    const stranger = await createSignedInUser(t);
    const unlinked = await record(stranger, base);
    expect(unlinked.status).toBe(404);
    expect(((await unlinked.json()) as ErrorBody).error.message).toBe('This wallet is not linked to your account.');

    const unknownVault = await record(owner, { ...base, vaultAddress: chain.usdc });
    expect(unknownVault.status).toBe(404);
    expect(((await unknownVault.json()) as ErrorBody).error.message).toBe('Unknown vault');

    for (const bad of [
      { ...base, txHash: '0x1234' },
      { ...base, kind: 'borrow' },
      { ...base, requestedAssets: '25.5' },
      // 78 digits, past 2^256 − 1: no chain call could have carried it.
      { ...base, requestedShares: (2n ** 256n).toString(), requestedAssets: undefined },
      { ...base, requestedAssets: undefined },
      { ...base, extra: true },
    ]) {
      const response = await record(owner, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    }
  });
});
