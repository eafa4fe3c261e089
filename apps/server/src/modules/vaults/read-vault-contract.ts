import { contractExposureNote, findVault, VAULT_CONFIG_KEYS, type VaultId } from '@keel/core/vaults';
import type { Address } from 'viem';
import { loggableChainFailure } from '../../chain/chain-errors.js';
import { createTtlCache } from '../../chain/ttl-cache.js';
import type { VaultClient, VaultIdentity } from '../../chain/vault-client.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';

/** Which contract holds a tier's money: its own on-chain name and symbol, its asset, its curator where known. */
export type VaultContract = {
  /** The contract's name(), symbol() and its asset's symbol(); null while the chain cannot be read. */
  identity: VaultIdentity | null;
  /** Who manages the vault, from configuration; null when unknown. */
  curator: string | null;
  /** What the contract actually is, where the tier's description claims an exposure it does not have. */
  exposureNote: string | null;
};

export type ReadVaultContract = (vault: { id: VaultId; address: Address; available: boolean }) => Promise<VaultContract>;

/**
 * A contract's name and symbol change rarely, if ever: they are read again at the
 * verification interval, and a failed read answers null identity instead of failing the list.
 */
export function createReadVaultContract(options: {
  client: VaultClient;
  config: Pick<Config, 'vaultCurators' | 'vaultVerifyMs'>;
  logger: Logger;
  now: () => number;
}): ReadVaultContract {
  const identities = createTtlCache<VaultIdentity>({ ttlMs: options.config.vaultVerifyMs, now: options.now });

  return async function readVaultContract(vault) {
    const curator = options.config.vaultCurators[VAULT_CONFIG_KEYS[vault.id]];
    let identity: VaultIdentity | null = null;
    // An unverified vault may not answer at all: it is read again once it passes verification.
    if (vault.available) {
      try {
        identity = await identities.get(vault.address, () => options.client.readIdentity(vault.address));
      } catch (error) {
        options.logger.warn({ vault: vault.address, ...loggableChainFailure(error) }, 'vault contract name unreadable');
      }
    }
    const tier = findVault(vault.id);
    const exposureNote = tier && identity ? contractExposureNote(tier, identity) : null;
    return { identity, curator, exposureNote };
  };
}
