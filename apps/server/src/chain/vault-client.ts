import { parseAbi, type Address } from 'viem';
import type { ChainClient } from './chain-client.js';
import { isMissingFunction } from './chain-errors.js';

/** The ERC-4626 reads Keel needs, plus the optional accessLevel(address) some vaults expose. */
const VAULT_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function asset() view returns (address)',
  'function totalAssets() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
  'function accessLevel(address account) view returns (string)',
]);
const ERC20_DECIMALS_ABI = parseAbi(['function decimals() view returns (uint8)']);
const ERC20_SYMBOL_ABI = parseAbi(['function symbol() view returns (string)']);

/** Raw on-chain state of one vault, in the token's smallest units. */
export type VaultSnapshot = {
  address: Address;
  name: string;
  assetDecimals: number;
  /** totalAssets(): everything the vault holds or has deployed. */
  grossAssets: bigint;
  /** convertToAssets(totalSupply()): what the share holders can redeem, after the vault's own deductions. */
  netAssets: bigint;
  /** convertToAssets(one whole share), in asset units. */
  sharePrice: bigint;
};

export type VaultHolding = {
  /** accessLevel(account), or null when the vault does not expose one. */
  accessLevel: string | null;
  shares: bigint;
  /** convertToAssets(shares), in asset units. */
  assets: bigint;
};

/** Which contract a vault is, in its own words: name(), symbol() and its asset's symbol(). */
export type VaultIdentity = { name: string; symbol: string; assetSymbol: string };

export type VaultClient = {
  readIdentity: (vault: Address) => Promise<VaultIdentity>;
  readSnapshot: (vault: Address) => Promise<VaultSnapshot>;
  readHolding: (vault: Address, account: Address) => Promise<VaultHolding>;
};

/**
 * Vault reads over plain eth_call, for the secure vault data panel (positions
 * use one multicall instead: see modules/positions).
 */
export function createVaultClient(client: ChainClient): VaultClient {
  const read = client.readContract.bind(client);

  return {
    async readIdentity(vault) {
      const [name, symbol, asset] = await Promise.all([
        read({ address: vault, abi: VAULT_ABI, functionName: 'name' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'symbol' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'asset' }),
      ]);
      const assetSymbol = await read({ address: asset, abi: ERC20_SYMBOL_ABI, functionName: 'symbol' });
      return { name, symbol, assetSymbol };
    },

    async readSnapshot(vault) {
      const [name, shareDecimals, asset, grossAssets, totalSupply] = await Promise.all([
        read({ address: vault, abi: VAULT_ABI, functionName: 'name' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'decimals' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'asset' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'totalAssets' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'totalSupply' }),
      ]);
      const [assetDecimals, netAssets, sharePrice] = await Promise.all([
        read({ address: asset, abi: ERC20_DECIMALS_ABI, functionName: 'decimals' }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'convertToAssets', args: [totalSupply] }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'convertToAssets', args: [10n ** BigInt(shareDecimals)] }),
      ]);
      return { address: vault, name, assetDecimals, grossAssets, netAssets, sharePrice };
    },

    async readHolding(vault, account) {
      const [shares, accessLevel] = await Promise.all([
        read({ address: vault, abi: VAULT_ABI, functionName: 'balanceOf', args: [account] }),
        read({ address: vault, abi: VAULT_ABI, functionName: 'accessLevel', args: [account] }).catch((error: unknown) => {
          if (isMissingFunction(error)) return null;
          throw error;
        }),
      ]);
      const assets =
        shares === 0n ? 0n : await read({ address: vault, abi: VAULT_ABI, functionName: 'convertToAssets', args: [shares] });
      return { accessLevel, shares, assets };
    },
  };
}
