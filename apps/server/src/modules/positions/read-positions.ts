import { MULTICALL3_ADDRESS } from '@keel/core/constants';
import { erc4626Abi, type Address } from 'viem';
import type { ChainClient } from '../../chain/chain-client.js';
import type { VaultStatus } from '../../chain/vault-registry.js';

/** One wallet's holding in one vault. Amounts are exact integer strings of the tokens' smallest units. */
export type Position = {
  walletAddress: Address;
  vaultId: VaultStatus['id'];
  vaultName: string;
  vaultAddress: Address;
  /** balanceOf(wallet): vault shares, in share units (shareDecimals). */
  shares: string;
  shareDecimals: number;
  /** previewRedeem(shares): the USDC (micro) redeeming every share would pay now — ERC-4626 rounds it down. */
  assets: string;
  /** convertToAssets(one whole share), micro-USDC. */
  sharePrice: string;
};

type AvailableVault = VaultStatus & { shareDecimals: number };

export function isReadable(status: VaultStatus): status is AvailableVault {
  return status.available && status.shareDecimals !== null;
}

/**
 * Reads every (wallet, vault) holding at one block through Multicall3: first the
 * share balances and share prices in one multicall, then — only for non-zero
 * balances — their value with previewRedeem in a second one (it needs the
 * balance). A failed call fails the whole read: no partial figures.
 */
export async function readPositions(
  client: ChainClient,
  request: { wallets: readonly Address[]; vaults: readonly AvailableVault[]; blockNumber: bigint },
): Promise<Position[]> {
  const { wallets, vaults, blockNumber } = request;
  if (wallets.length === 0 || vaults.length === 0) return [];
  const pairs = wallets.flatMap((walletAddress) => vaults.map((vault) => ({ walletAddress, vault })));
  const first = await client.multicall({
    multicallAddress: MULTICALL3_ADDRESS,
    allowFailure: false,
    blockNumber,
    contracts: [
      ...vaults.map(
        (vault) =>
          ({
            address: vault.address,
            abi: erc4626Abi,
            functionName: 'convertToAssets',
            args: [10n ** BigInt(vault.shareDecimals)],
          }) as const,
      ),
      ...pairs.map(
        ({ walletAddress, vault }) =>
          ({ address: vault.address, abi: erc4626Abi, functionName: 'balanceOf', args: [walletAddress] }) as const,
      ),
    ],
  });
  const sharePrices = first.slice(0, vaults.length);
  const balances = first.slice(vaults.length);
  const held = pairs
    .map((pair, index) => ({ ...pair, shares: balances[index] ?? 0n, sharePrice: sharePrices[vaults.indexOf(pair.vault)] ?? 0n }))
    .filter((pair) => pair.shares > 0n);
  if (held.length === 0) return [];

  const values = await client.multicall({
    multicallAddress: MULTICALL3_ADDRESS,
    allowFailure: false,
    blockNumber,
    contracts: held.map(
      ({ vault, shares }) =>
        ({ address: vault.address, abi: erc4626Abi, functionName: 'previewRedeem', args: [shares] }) as const,
    ),
  });
  return held.map((pair, index) => ({
    walletAddress: pair.walletAddress,
    vaultId: pair.vault.id,
    vaultName: pair.vault.name,
    vaultAddress: pair.vault.address,
    shares: pair.shares.toString(),
    shareDecimals: pair.vault.shareDecimals,
    assets: (values[index] ?? 0n).toString(),
    sharePrice: pair.sharePrice.toString(),
  }));
}
