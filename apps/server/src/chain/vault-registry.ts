import { USDC_DECIMALS } from '@keel/core/money';
import { VAULT_CONFIG_KEYS, VAULTS } from '@keel/core/vaults';
import { erc20Abi, erc4626Abi, type Address } from 'viem';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import type { ChainClient } from './chain-client.js';
import { isMissingFunction } from './chain-errors.js';

export type VaultStatus = {
  id: (typeof VAULTS)[number]['id'];
  name: string;
  /** Lower-cased, as configured. */
  address: Address;
  /** Verified: on the configured chain, answers ERC-4626 calls, asset() is USDC with 6 decimals. */
  available: boolean;
  /** Why it is unavailable, for logs and operators (never carries the RPC URL); null when available. */
  reason: string | null;
  /** The vault share token's decimals (known once verified). */
  shareDecimals: number | null;
  /** When this status was established (deps.now() clock). */
  checkedAt: number;
};

export type VaultRegistry = {
  /** The three configured vaults, re-verified first when the last check is older than VAULT_VERIFY_MS. */
  list: () => Promise<VaultStatus[]>;
  /** One of the three configured vaults by address (any case), or undefined when it is none of them. */
  find: (address: string) => Promise<VaultStatus | undefined>;
  /** Verifies every vault now (start-up and the periodic re-check); concurrent callers share one run. */
  verify: () => Promise<VaultStatus[]>;
};

type Verdict = { available: true; shareDecimals: number } | { available: false; reason: string };

const RPC_DOWN = 'the Base RPC endpoint did not answer';
const WRONG_CHAIN = 'the RPC endpoint is on chain';

/**
 * Whether a status is a verdict on the vault itself (available, or failing its checks), as opposed to
 * Keel's own RPC endpoint being down or on another chain: only the former is news for the vault's holders.
 */
export function isVerdictOnVault(status: Pick<VaultStatus, 'available' | 'reason'>): boolean {
  if (status.available) return true;
  return status.reason !== RPC_DOWN && !status.reason?.startsWith(WRONG_CHAIN);
}

/** Checks one vault's ERC-4626 surface and asset. Contract answers decide; a transport failure says so. */
async function verifyVault(client: ChainClient, address: Address, usdc: Address): Promise<Verdict> {
  const read = client.readContract.bind(client);
  try {
    const [asset, shareDecimals] = await Promise.all([
      read({ address, abi: erc4626Abi, functionName: 'asset' }),
      read({ address, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    const oneShare = 10n ** BigInt(shareDecimals);
    // The calls Keel's screens and dialogs rely on must all answer.
    await Promise.all([
      read({ address, abi: erc4626Abi, functionName: 'totalAssets' }),
      read({ address, abi: erc4626Abi, functionName: 'convertToAssets', args: [oneShare] }),
      read({ address, abi: erc4626Abi, functionName: 'previewRedeem', args: [oneShare] }),
      read({ address, abi: erc4626Abi, functionName: 'previewDeposit', args: [10n ** BigInt(USDC_DECIMALS)] }),
    ]);
    if (asset.toLowerCase() !== usdc) {
      return { available: false, reason: `its asset() is ${asset.toLowerCase()}, not USDC (${usdc})` };
    }
    const assetDecimals = await read({ address: usdc, abi: erc20Abi, functionName: 'decimals' });
    if (assetDecimals !== USDC_DECIMALS) {
      return { available: false, reason: `its asset has ${assetDecimals} decimals, not ${USDC_DECIMALS}` };
    }
    return { available: true, shareDecimals };
  } catch (error) {
    if (isMissingFunction(error)) return { available: false, reason: 'it does not answer ERC-4626 calls' };
    return { available: false, reason: RPC_DOWN };
  }
}

/**
 * Vaults are verified before use (ARCHITECTURE "Money on chain"): a vault that
 * fails is unavailable — the app still runs, logs one line saying why, and
 * shows it as unavailable instead of figures — and is checked again every
 * VAULT_VERIFY_MS, so a fixed RPC endpoint recovers without a restart.
 */
export function createVaultRegistry(options: {
  client: ChainClient;
  config: Pick<Config, 'chainId' | 'usdcAddress' | 'vaults' | 'vaultVerifyMs'>;
  logger: Logger;
  now: () => number;
}): VaultRegistry {
  const { client, config, logger } = options;
  const configured = VAULTS.map((vault) => ({
    id: vault.id,
    name: vault.name,
    address: config.vaults[VAULT_CONFIG_KEYS[vault.id]].toLowerCase() as Address,
  }));
  let statuses: VaultStatus[] | null = null;
  let running: Promise<VaultStatus[]> | null = null;

  async function chainMismatch(): Promise<string | null> {
    try {
      const chainId = await client.getChainId();
      return chainId === config.chainId ? null : `${WRONG_CHAIN} ${chainId}, not ${config.chainId}`;
    } catch {
      return RPC_DOWN;
    }
  }

  function report(next: VaultStatus[]) {
    for (const status of next) {
      const previous = statuses?.find((entry) => entry.id === status.id);
      if (!status.available && previous?.reason !== status.reason) {
        logger.warn(
          { vault: status.address, reason: status.reason },
          `vault unavailable: ${status.name} (${status.address}): ${status.reason}`,
        );
      } else if (status.available && previous && !previous.available) {
        logger.info({ vault: status.address }, `vault available again: ${status.name} (${status.address})`);
      }
    }
  }

  async function run(): Promise<VaultStatus[]> {
    const mismatch = await chainMismatch();
    const checkedAt = options.now();
    const next = await Promise.all(
      configured.map(async (vault): Promise<VaultStatus> => {
        const verdict: Verdict = mismatch
          ? { available: false, reason: mismatch }
          : await verifyVault(client, vault.address, config.usdcAddress);
        return verdict.available
          ? { ...vault, available: true, reason: null, shareDecimals: verdict.shareDecimals, checkedAt }
          : { ...vault, available: false, reason: verdict.reason, shareDecimals: null, checkedAt };
      }),
    );
    report(next);
    statuses = next;
    return next;
  }

  function verify(): Promise<VaultStatus[]> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  async function list(): Promise<VaultStatus[]> {
    const current = statuses;
    const isStale = !current || current.some((status) => options.now() - status.checkedAt >= config.vaultVerifyMs);
    return isStale || !current ? verify() : current;
  }

  return {
    list,
    verify,
    async find(address) {
      const wanted = address.toLowerCase();
      if (!configured.some((vault) => vault.address === wanted)) return undefined;
      return (await list()).find((status) => status.address === wanted);
    },
  };
}
