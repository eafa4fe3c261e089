import { describe, expect, it } from 'vitest';
import { formatEth } from './format-eth';

describe('formatEth', () => {
  it('shows a fee to 8 decimals without trailing zeros', () => {
    expect(formatEth(12_345_678_900_000n)).toBe('0.00001234');
    expect(formatEth(10n ** 18n)).toBe('1');
    expect(formatEth(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(formatEth(0n)).toBe('0');
  });

  it('never shows a tiny fee as zero', () => {
    expect(formatEth(1n)).toBe('< 0.00000001');
  });
});
