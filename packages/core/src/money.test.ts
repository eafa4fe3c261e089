import { describe, expect, it } from 'vitest';
import {
  averageApy,
  daysSince,
  estimateEarnings,
  formatApyPercent,
  formatCount,
  formatSignedUsd,
  formatUsd,
  shownUsdSign,
  formatUsdcAmount,
  isIsoDate,
  localIsoDate,
  parseApyPercent,
  parsePositiveUsdc,
  parseUsdc,
  shortenAddress,
  summarizeDeposits,
  summarizeDepositsByVault,
} from './money.js';

const TODAY = '2026-11-22';

describe('parseUsdc', () => {
  it.each([
    ['0', 0n],
    ['1', 1_000_000n],
    ['1000.50', 1_000_500_000n],
    ['1000.500000', 1_000_500_000n],
    ['0.000001', 1n],
    ['12345678901234.123456', 12_345_678_901_234_123_456n],
    ['1.5000000', 1_500_000n],
  ])('%s → %s micro-USDC', (input, expected) => {
    expect(parseUsdc(input)).toBe(expected);
  });

  it.each(['', 'abc', '-1', '1e3', '1.', '.5', '1,000', '0.0000001', '1.1234567'])('refuses %j', (input) => {
    expect(() => parseUsdc(input)).toThrow(RangeError);
  });
});

describe('formatUsdcAmount and APY strings', () => {
  it.each([
    [1_000_500_000n, '1000.50'],
    [1_000_000_000n, '1000.00'],
    [1n, '0.000001'],
    [123_456_789n, '123.456789'],
    [0n, '0.00'],
  ])('%s → %s', (micro, expected) => {
    expect(formatUsdcAmount(micro)).toBe(expected);
  });

  it('parses and formats apy_percent with 4 decimals', () => {
    expect(parseApyPercent('5.5')).toBe(55_000n);
    expect(parseApyPercent('5.5000')).toBe(55_000n);
    expect(parseApyPercent('12.3456')).toBe(123_456n);
    expect(formatApyPercent(55_000n)).toBe('5.5');
    expect(formatApyPercent(70_000n)).toBe('7');
    expect(() => parseApyPercent('5.12345')).toThrow(RangeError);
  });
});

describe('formatUsd (en-US, 2 decimals, half-up to the cent)', () => {
  it.each([
    [0n, '$0.00'],
    [1n, '$0.00'],
    [4_999n, '$0.00'],
    [5_000n, '$0.01'], // exactly half a cent rounds up
    [4_994_999n, '$4.99'],
    [4_995_000n, '$5.00'],
    [1_234_564_999n, '$1,234.56'],
    [1_234_565_000n, '$1,234.57'],
    [999_999_995_000n, '$1,000,000.00'],
    [1_250_000_500_000n, '$1,250,000.50'],
    [123_456_789_012_345_678n, '$123,456,789,012.35'],
    [-5_000n, '-$0.01'],
    [-1_234_564_999n, '-$1,234.56'],
  ])('%s micro-USDC → %s', (micro, expected) => {
    expect(formatUsd(micro)).toBe(expected);
  });
});

describe('formatCount (the text of Intl.NumberFormat en-US)', () => {
  it('groups digits in threes, from 0 to past a billion, negatives and bigints too', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [0, 1, 12, 123, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1000, -9_876_543];
    for (let value = 1; value < Number.MAX_SAFE_INTEGER / 7; value *= 7) values.push(value);
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
    expect(formatCount(12_345_678_901_234_567_890n)).toBe('12,345,678,901,234,567,890');
  });

  it('refuses what is not a whole number', () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
  });
});

describe('daysSince (whole calendar days, at least 1)', () => {
  it.each([
    ['2026-11-01', TODAY, 21],
    [TODAY, TODAY, 1],
    ['2026-11-21', TODAY, 1],
    ['2026-11-20', TODAY, 2],
    ['2026-12-25', TODAY, 1], // a future date still counts one day
    ['2025-11-22', TODAY, 365],
    ['2024-02-28', '2024-03-01', 2], // leap day
    ['2023-02-28', '2023-03-01', 1],
    ['2026-03-28', '2026-03-30', 2], // across a DST change in many zones
  ])('%s → %s: %i', (date, today, expected) => {
    expect(daysSince(date, today)).toBe(expected);
  });

  it('refuses impossible dates', () => {
    expect(() => daysSince('2026-02-30', TODAY)).toThrow(RangeError);
    expect(() => daysSince('2026-11-1', TODAY)).toThrow(RangeError);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('reads the local calendar date', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('estimateEarnings: amount × apy / 100 / 365 × days, truncated to micro-USDC', () => {
  // Hand-computed: exact value → micro-USDC (truncated) → display.
  it.each([
    // 1000 × 5.5% = 55/yr; /365 = 0.150684931…/day; × 21 days = 3.164383561…
    [{ depositAmount: '1000', apyPercent: '5.5', depositDate: '2026-11-01' }, 3_164_383n, '$3.16'],
    // 10000 × 7% / 365 × 1 (deposited today) = 1.917808219…
    [{ depositAmount: '10000', apyPercent: '7', depositDate: TODAY }, 1_917_808n, '$1.92'],
    // 2500.50 × 12.25% × 365/365 = 306.31125 exactly
    [{ depositAmount: '2500.50', apyPercent: '12.25', depositDate: '2025-11-22' }, 306_311_250n, '$306.31'],
    // 182.5 × 1% / 365 × 1 = 0.005 exactly: half a cent rounds up
    [{ depositAmount: '182.5', apyPercent: '1', depositDate: TODAY }, 5_000n, '$0.01'],
    // 182.499999 × 1% / 365 = 0.00499999997…: below half a cent, even though it is
    // within half a micro-USDC of it (rounding to micro first would wrongly show $0.01)
    [{ depositAmount: '182.499999', apyPercent: '1', depositDate: TODAY }, 4_999n, '$0.00'],
    // 0 % earns nothing
    [{ depositAmount: '5000', apyPercent: '0', depositDate: '2026-01-01' }, 0n, '$0.00'],
  ])('%o → %s micro (%s)', (deposit, micro, display) => {
    const earnings = estimateEarnings([deposit], TODAY);
    expect(earnings).toBe(micro);
    expect(formatUsd(earnings)).toBe(display);
  });

  it('sums exactly before truncating', () => {
    // 1 micro × 12.1666% / 365 × 10 days = 0.0033333… micro: below one micro-USDC
    const dust = { depositAmount: '0.000001', apyPercent: '12.1666', depositDate: '2026-11-12' };
    expect(estimateEarnings([dust], TODAY)).toBe(0n);
    // 1000 × 3.65% / 365 × 1 = 0.1 exactly, ten of them = 1.0 exactly
    const tenth = { depositAmount: '1000', apyPercent: '3.65', depositDate: TODAY };
    expect(
      estimateEarnings(
        Array.from({ length: 10 }, () => tenth),
        TODAY,
      ),
    ).toBe(1_000_000n);
    // 1 × 1% / 365 = 0.0000273972… ×3 deposits: sum 0.0000821917… → 82 micro (sum of truncations would be 81)
    const small = { depositAmount: '1', apyPercent: '1', depositDate: TODAY };
    expect(estimateEarnings([small, small, small], TODAY)).toBe(82n);
  });

  it('is zero for no deposits', () => {
    expect(estimateEarnings([], TODAY)).toBe(0n);
  });
});

describe('averageApy: deposit-weighted, half-up to 1 decimal', () => {
  it.each([
    [[], '0.0'],
    [[['1000', '5.5']], '5.5'],
    [
      [
        ['1000', '5'],
        ['1000', '6.5'],
      ],
      '5.8',
    ], // 5.75 → 5.8
    [
      [
        ['3000', '5'],
        ['1000', '6.5'],
      ],
      '5.4',
    ], // 5.375 → 5.4
    [
      [
        ['1000', '5.5'],
        ['2000', '6.5'],
      ],
      '6.2',
    ], // 6.1666… → 6.2
    [
      [
        ['1000', '5'],
        ['1000', '7.5'],
        ['2000', '6.4'],
      ],
      '6.3',
    ], // 6.325 → 6.3
    [[['1', '5.2499']], '5.2'],
    [[['1', '5.25']], '5.3'],
    [
      [
        ['1000000', '7'],
        ['0.000001', '30'],
      ],
      '7.0',
    ], // a dust deposit barely moves the average
    [[['100', '12']], '12.0'],
  ])('%j → %s', (rows, expected) => {
    const deposits = rows.map(([depositAmount = '0', apyPercent = '0']) => ({ depositAmount, apyPercent }));
    expect(averageApy(deposits)).toBe(expected);
  });
});

describe('summarizeDeposits', () => {
  const deposits = [
    { vault: 'Everyday Cash', depositAmount: '1000.50', apyPercent: '5.5', depositDate: '2026-11-01' },
    { vault: 'Smart Savings', depositAmount: '2000', apyPercent: '8.25', depositDate: '2026-10-23' },
    { vault: 'Everyday Cash', depositAmount: '500', apyPercent: '6', depositDate: TODAY },
  ];

  it('adds balances, earnings and the weighted APY', () => {
    // Earnings: 1000.5×5.5%/365×21 = 3.16596575…; 2000×8.25%/365×30 = 13.56164383…;
    // 500×6%/365×1 = 0.08219178…; total 16.80980137… → 16.809801
    // APY: (1000.5×5.5 + 2000×8.25 + 500×6) / 3500.5 = 25002.75/3500.5 = 7.1426… → 7.1
    expect(summarizeDeposits(deposits, TODAY)).toEqual({
      totalBalance: 3_500_500_000n,
      totalEarnings: 16_809_801n,
      averageApy: '7.1',
      count: 3,
    });
    expect(formatUsd(3_500_500_000n)).toBe('$3,500.50');
    expect(formatUsd(16_809_801n)).toBe('$16.81');
  });

  it('is all zeros when empty', () => {
    expect(summarizeDeposits([], TODAY)).toEqual({ totalBalance: 0n, totalEarnings: 0n, averageApy: '0.0', count: 0 });
  });

  it('groups by vault in order of first deposit', () => {
    const groups = summarizeDepositsByVault(deposits, TODAY);
    expect(groups.map((group) => group.vault)).toEqual(['Everyday Cash', 'Smart Savings']);
    // 1000.5×5.5×21 + 500×6×1 over 365×100: 3.16596575… + 0.08219178… = 3.24815753… → 3.248157
    expect(groups[0]?.summary).toEqual({ totalBalance: 1_500_500_000n, totalEarnings: 3_248_157n, averageApy: '5.7', count: 2 });
  });
});

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
    expect(shortenAddress('0x12')).toBe('0x12');
  });
});

describe('formatSignedUsd', () => {
  it.each([
    [12_345_000n, '+$12.35'],
    [-3_210_000n, '-$3.21'],
    [0n, '$0.00'],
    [-4_999n, '$0.00'],
    [5_000n, '+$0.01'],
  ])('%s micro-USDC → %s', (micro, text) => {
    expect(formatSignedUsd(micro)).toBe(text);
  });
});

describe('parsePositiveUsdc (the one positive-amount rule)', () => {
  it.each([
    ['1000.50', 1_000_500_000n],
    [' 0.000001 ', 1n],
    ['99999999999999.999999', 99_999_999_999_999_999_999n],
  ])('%j → %s micro-USDC', (input, micro) => {
    expect(parsePositiveUsdc(input)).toEqual({ ok: true, micro });
  });

  it.each([
    ['', 'Enter an amount'],
    ['   ', 'Enter an amount'],
    ['0', 'Amount must be greater than 0'],
    ['0.000000', 'Amount must be greater than 0'],
    ['-5', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
    ['1.0000001', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
    ['1,000', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
    ['1e3', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
    ['100000000000000', 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)'],
  ])('refuses %j: %s', (input, message) => {
    expect(parsePositiveUsdc(input)).toEqual({ ok: false, message });
  });
});

describe('shownUsdSign', () => {
  it('follows the cents formatUsd shows, so a sub-cent loss is neither red nor green', () => {
    expect(shownUsdSign(-1n)).toBe(0);
    expect(shownUsdSign(-4_999n)).toBe(0);
    expect(shownUsdSign(-5_000n)).toBe(-1);
    expect(shownUsdSign(4_999n)).toBe(0);
    expect(shownUsdSign(5_000n)).toBe(1);
    expect(shownUsdSign(-1_230_000n)).toBe(-1);
    expect(formatUsd(-4_999n)).toBe('$0.00');
  });
});
