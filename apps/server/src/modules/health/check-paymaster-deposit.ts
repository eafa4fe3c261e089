import { createTtlCache } from '../../chain/ttl-cache.js';
import type { AppDeps } from '../../deps.js';
import { readPaymasterDeposit } from '../paymaster/verifying-paymaster.js';

/** One chain read a minute however often health is polled. */
const DEPOSIT_TTL_MS = 60_000;

export type PaymasterHealth = {
  /** What Keel's paymaster still holds on the EntryPoint (wei, decimal string); null when the chain did not answer. */
  depositWei: string | null;
  /** Below PAYMASTER_LOW_DEPOSIT_WEI: top it up before sponsored operations start failing. */
  isLow: boolean;
};

/**
 * The signing paymaster's remaining deposit, for /api/health; null when Keel does not run its own
 * paymaster (passkey accounts off, or a provider's paymaster that the provider funds).
 */
export function createPaymasterDepositCheck(deps: AppDeps): (() => Promise<PaymasterHealth>) | null {
  const settings = deps.config.passkeyAccounts;
  if (!settings || settings.paymaster.kind !== 'signing') return null;
  const paymaster = settings.paymaster.address;
  const cache = createTtlCache<bigint>({ ttlMs: DEPOSIT_TTL_MS, now: () => deps.now() });
  return async () => {
    try {
      const deposit = await cache.get('deposit', () => readPaymasterDeposit(deps.chain.client, paymaster));
      const isLow = deposit < settings.lowDepositWei;
      if (isLow) deps.logger.warn({ depositWei: deposit.toString(), paymaster }, 'paymaster: EntryPoint deposit is low');
      return { depositWei: deposit.toString(), isLow };
    } catch {
      return { depositWei: null, isLow: true };
    }
  };
}
