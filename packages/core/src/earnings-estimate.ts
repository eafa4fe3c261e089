import { parseApyPercent, parsePositiveUsdc } from './money.js';
import type { Vault } from './vaults.js';

/** apy_percent units (4 decimals) per whole: 100% = 1_000_000. */
const APY_UNITS_PER_WHOLE = 1_000_000n;

/** A year's earnings at the low and high end of a vault's target range, in micro-USDC. */
export type YearlyEstimate = { low: bigint; high: bigint };

export type YearlyEstimateResult = ({ ok: true } & YearlyEstimate) | { ok: false; message: string };

/**
 * What `amount` micro-USDC would earn in a year at each end of a target range.
 * An APY already includes compounding, so a year's earnings are amount × APY.
 * Truncated to whole micro-USDC, so an estimate is never overstated.
 */
export function estimateYearlyEarnings(amount: bigint, targetApy: Vault['targetApy']): YearlyEstimate {
  const low = parseApyPercent(String(targetApy.min));
  const high = parseApyPercent(String(targetApy.max));
  return { low: (amount * low) / APY_UNITS_PER_WHOLE, high: (amount * high) / APY_UNITS_PER_WHOLE };
}

/** The first-run estimate for what a user typed: the dialogs' amount rule, then the vault's target range. */
export function estimateYearlyEarningsFor(input: string, vault: Pick<Vault, 'targetApy'>): YearlyEstimateResult {
  const parsed = parsePositiveUsdc(input);
  if (!parsed.ok) return parsed;
  return { ok: true, ...estimateYearlyEarnings(parsed.micro, vault.targetApy) };
}
