import { describe, expect, it } from 'vitest';
import { TICKER } from '@keel/core/constants';
import { nextTickerValues } from './use-yield-ticker';

describe('nextTickerValues', () => {
  it('stays within each tier’s drift of its start value, at one decimal', () => {
    const low = nextTickerValues(() => 0);
    const high = nextTickerValues(() => 0.999999);
    // 8.2 ± 0.15 = 8.05 / 8.35: floating point lands just below, so one decimal gives 8.0 / 8.3.
    expect(low).toEqual({ everydayCash: 5.5, smartSavings: 8, growthReserve: 22.9 });
    expect(high).toEqual({ everydayCash: 5.7, smartSavings: 8.3, growthReserve: 23.9 });
    for (let i = 0; i < 500; i++) {
      const values = nextTickerValues();
      for (const tier of ['everydayCash', 'smartSavings', 'growthReserve'] as const) {
        expect(Math.abs(values[tier] - TICKER.start[tier])).toBeLessThanOrEqual(TICKER.drift[tier] + 0.05 + 1e-9);
        expect(Number.isInteger(Math.round(values[tier] * 10 * 1e6) / 1e6)).toBe(true);
      }
    }
  });
});
