import { formatUnits, type Address } from 'viem';
import { createTtlCache } from '../../chain/ttl-cache.js';
import type { VaultClient, VaultHolding, VaultSnapshot } from '../../chain/vault-client.js';

/** What the secure vault panel shows (name, access level, net and gross asset value, share price) plus a few additive fields. Amounts are exact decimal strings in USDC. */
export type VaultData = {
  name: string;
  /** The vault's accessLevel(linked wallet), or null (no linked wallet, or the vault has no such function). */
  userAccessLevel: string | null;
  totalNetAssetValue: string;
  totalGrossAssetValue: string;
  latestSharePrice: { price: string };
  vaultAddress: Address;
  /** The linked wallet's position in this vault (USDC), or null without a linked wallet. */
  userBalance: string | null;
  /** When the vault state was read from the chain (it may be cached for a few seconds). */
  readAt: string;
};

export type GetVaultData = (vault: Address, account: Address | null) => Promise<VaultData>;

/**
 * Reads vault state through a short cache (config.vaultCacheMs): vault-wide
 * figures are shared by everyone, a user's holding is cached per wallet.
 */
export function createGetVaultData(options: { client: VaultClient; cacheMs: number; now: () => number }): GetVaultData {
  const snapshots = createTtlCache<VaultSnapshot & { readAt: number }>({ ttlMs: options.cacheMs, now: options.now });
  const holdings = createTtlCache<VaultHolding>({ ttlMs: options.cacheMs, now: options.now });

  return async function getVaultData(vault, account) {
    const [snapshot, holding] = await Promise.all([
      snapshots.get(vault, async () => ({ ...(await options.client.readSnapshot(vault)), readAt: options.now() })),
      account ? holdings.get(`${vault}:${account}`, () => options.client.readHolding(vault, account)) : Promise.resolve(null),
    ]);
    const usdc = (amount: bigint) => formatUnits(amount, snapshot.assetDecimals);
    return {
      name: snapshot.name,
      userAccessLevel: holding?.accessLevel ?? null,
      totalNetAssetValue: usdc(snapshot.netAssets),
      totalGrossAssetValue: usdc(snapshot.grossAssets),
      latestSharePrice: { price: usdc(snapshot.sharePrice) },
      vaultAddress: vault,
      userBalance: holding ? usdc(holding.assets) : null,
      readAt: new Date(snapshot.readAt).toISOString(),
    };
  };
}
