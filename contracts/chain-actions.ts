import { parseAbi, parseUnits, type Address, type Hash } from 'viem';
import { chainClients, rpc, USDC_DECIMALS } from './local-chain.js';

/**
 * Test-only moves on the local anvil chain (the history tests): travel
 * in time, snapshot/revert (a reorg), and act as any address
 * (anvil impersonation) to redeem or move vault shares.
 */

const VAULT_ABI = parseAbi([
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
  'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
]);

/** Moves the chain's clock forward: the next block is stamped `seconds` later. */
export async function increaseTime(rpcUrl: string, seconds: number): Promise<void> {
  await rpc(rpcUrl, 'evm_increaseTime', [seconds]);
}

/** evm_snapshot: an id to revert to. */
export async function snapshotChain(rpcUrl: string): Promise<string> {
  const id = await rpc(rpcUrl, 'evm_snapshot');
  if (typeof id !== 'string') throw new Error('evm_snapshot answered no id');
  return id;
}

/** evm_revert: every block after the snapshot is dropped, as in a reorg. */
export async function revertChain(rpcUrl: string, id: string): Promise<void> {
  const reverted = await rpc(rpcUrl, 'evm_revert', [id]);
  if (reverted !== true) throw new Error(`evm_revert ${id} failed`);
}

export async function blockNumber(rpcUrl: string): Promise<number> {
  return Number(await chainClients(rpcUrl).publicClient.getBlockNumber({ cacheTime: 0 }));
}

async function asAccount(rpcUrl: string, account: Address, send: () => Promise<Hash>): Promise<Hash> {
  await rpc(rpcUrl, 'anvil_setBalance', [account, '0x56bc75e2d63100000']); // 100 ETH for gas
  await rpc(rpcUrl, 'anvil_impersonateAccount', [account]);
  try {
    const hash = await send();
    const receipt = await chainClients(rpcUrl).publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return hash;
  } finally {
    await rpc(rpcUrl, 'anvil_stopImpersonatingAccount', [account]);
  }
}

/** The owner withdraws `amount` USDC (decimal string) of assets to itself. */
export function withdrawFromVault(rpcUrl: string, vault: Address, amount: string, owner: Address): Promise<Hash> {
  const { walletClient } = chainClients(rpcUrl);
  return asAccount(rpcUrl, owner, () =>
    walletClient.writeContract({
      chain: null,
      account: owner,
      address: vault,
      abi: VAULT_ABI,
      functionName: 'withdraw',
      args: [parseUnits(amount, USDC_DECIMALS), owner, owner],
    }),
  );
}

/** Moves vault shares (smallest units) from one holder to another: a plain ERC-20 transfer. */
export function transferShares(rpcUrl: string, vault: Address, from: Address, to: Address, shares: bigint): Promise<Hash> {
  const { walletClient } = chainClients(rpcUrl);
  return asAccount(rpcUrl, from, () =>
    walletClient.writeContract({
      chain: null,
      account: from,
      address: vault,
      abi: VAULT_ABI,
      functionName: 'transfer',
      args: [to, shares],
    }),
  );
}

export async function shareBalance(rpcUrl: string, vault: Address, holder: Address): Promise<bigint> {
  return chainClients(rpcUrl).publicClient.readContract({
    address: vault,
    abi: VAULT_ABI,
    functionName: 'balanceOf',
    args: [holder],
  });
}

export async function convertToAssets(rpcUrl: string, vault: Address, shares: bigint): Promise<bigint> {
  return chainClients(rpcUrl).publicClient.readContract({
    address: vault,
    abi: VAULT_ABI,
    functionName: 'convertToAssets',
    args: [shares],
  });
}
