import { describe, expect, it } from 'vitest';
import { estimateYearlyEarnings, estimateYearlyEarningsFor } from './earnings-estimate.js';
import { formatUsd, USDC_AMOUNT_MESSAGES } from './money.js';
import { findVault } from './vaults.js';

describe('estimateYearlyEarnings', () => {
  it('gives a year at each end of the target range, in exact micro-USDC', () => {
    expect(estimateYearlyEarnings(1_000_000_000n, { min: 5, max: 7 })).toEqual({ low: 50_000_000n, high: 70_000_000n });
  });

  it('truncates fractions of a micro-USDC instead of rounding them up', () => {
    // 0.000019 USDC × 5% = 0.00000095 USDC: less than one unit, so 0.
    expect(estimateYearlyEarnings(19n, { min: 5, max: 7 })).toEqual({ low: 0n, high: 1n });
  });

  it('stays exact for amounts far beyond a float', () => {
    const amount = 99_999_999_999_999_999_999n;
    expect(estimateYearlyEarnings(amount, { min: 20, max: 30 })).toEqual({
      low: 19_999_999_999_999_999_999n,
      high: 29_999_999_999_999_999_999n,
    });
  });
});

describe('estimateYearlyEarningsFor', () => {
  const smartSavings = findVault('smart-savings');
  if (!smartSavings) throw new Error('catalogue changed');

  it('estimates what a user typed with the vault target range', () => {
    const result = estimateYearlyEarningsFor('2500.50', smartSavings);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 2500.50 × 7% = 175.035 exactly; the display rounds half up to the cent.
    expect(formatUsd(result.low)).toBe('$175.04');
    expect(formatUsd(result.high)).toBe('$300.06');
  });

  it('answers the dialogs’ amount messages for bad input', () => {
    expect(estimateYearlyEarningsFor('', smartSavings)).toEqual({ ok: false, message: USDC_AMOUNT_MESSAGES.required });
    expect(estimateYearlyEarningsFor('1e3', smartSavings)).toEqual({ ok: false, message: USDC_AMOUNT_MESSAGES.malformed });
    expect(estimateYearlyEarningsFor('0', smartSavings)).toEqual({ ok: false, message: USDC_AMOUNT_MESSAGES.notPositive });
  });
});
