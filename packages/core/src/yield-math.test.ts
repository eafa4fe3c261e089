import { describe, expect, it } from 'vitest';
import { DAY_MS } from './constants.js';
import {
  WAD,
  balanceAt,
  blendedAverageApy,
  chartTimes,
  depositsBetween,
  earned,
  earnedBetween,
  formatPercent,
  monthlyInterest,
  netContributed,
  periodFigures,
  priceAt,
  priceChange,
  realisedApy,
  sharesAt,
  sumPeriodFigures,
  valueAt,
  weightedMean,
  type PositionFlow,
  type VaultHistory,
} from './yield-math.js';

const USDC = 1_000_000n;
const t0 = Date.UTC(2026, 6, 10); // 10 July 2026

describe('realisedApy: (end/start)^(365 d/elapsed) − 1, in WAD', () => {
  // Worked by hand (and checked with 80-digit decimal arithmetic):
  //  1.01^10 = 1.0201² ² ² × 1.0201 = 1.10462212541120451001
  //  1.21^(1/2) = 1.1;  0.99^5 = 0.9509900499
  it.each([
    ['1% in 36.5 days (1.01^10 − 1)', 1_000_000n, 1_010_000n, 36.5, 104_622_125_411_204_510n],
    ['1% in exactly one year', 1_000_000n, 1_010_000n, 365, 10_000_000_000_000_000n],
    ['21% over two years (√1.21 − 1)', 1_000_000n, 1_210_000n, 730, 100_000_000_000_000_000n],
    ['a 1% loss in 73 days (0.99^5 − 1)', 1_000_000n, 990_000n, 73, -49_009_950_100_000_000n],
    ['0.5% in 30 days (1.005^(365/30) − 1)', 1_000_000n, 1_005_000n, 30, 62_560_705_795_842_060n],
    ['0.4% in 7 days (1.004^(365/7) − 1)', 1_000_000n, 1_004_000n, 7, 231_404_508_500_768_772n],
    ['0.041% in one day (1.00041^365 − 1)', 1_000_000n, 1_000_410n, 1, 161_392_051_611_164_456n],
    ['uneven prices over 200 days', 1_013_456n, 1_098_765n, 200, 158_930_391_308_664_595n],
    ['a flat price', 1_000_000n, 1_000_000n, 30, 0n],
  ])('%s', (_label, start, end, days, expected) => {
    expect(realisedApy(start, end, days * DAY_MS)).toBe(expected);
  });

  it('needs a day of history and a non-zero start price', () => {
    expect(realisedApy(1_000_000n, 1_000_100n, DAY_MS - 1)).toBeNull();
    expect(realisedApy(0n, 1_000_000n, 30 * DAY_MS)).toBeNull();
    expect(realisedApy(1_000_000n, 0n, 30 * DAY_MS)).toBe(-WAD);
  });
});

describe('percent helpers', () => {
  it('formats WAD fractions half away from zero, keeping the sign', () => {
    expect(formatPercent(104_622_125_411_204_510n)).toBe('10.46%');
    expect(formatPercent(-49_009_950_100_000_000n)).toBe('-4.90%');
    expect(formatPercent(62_560_705_795_842_060n, { decimals: 1 })).toBe('6.3%');
    expect(formatPercent(5_000_000_000_000_000n, { signed: true })).toBe('+0.50%');
    // Never "-0.00%": a loss too small to show rounds to zero without a sign.
    expect(formatPercent(-45_000_000_000_000n)).toBe('0.00%');
    expect(formatPercent(0n, { signed: true })).toBe('+0.00%');
  });

  it('price change and value-weighted means', () => {
    expect(priceChange(1_000_000n, 1_012_500n)).toBe(12_500_000_000_000_000n);
    expect(priceChange(1_000_000n, 997_000n)).toBe(-3_000_000_000_000_000n);
    expect(priceChange(0n, 1n)).toBeNull();
    // $3,000 at 5% and $1,000 at 9% → 6%; a null APY and a zero weight are left out.
    expect(
      weightedMean([
        { weight: 3_000n * USDC, value: 5n * 10n ** 16n },
        { weight: 1_000n * USDC, value: 9n * 10n ** 16n },
        { weight: 500n * USDC, value: null },
        { weight: 0n, value: WAD },
      ]),
    ).toBe(6n * 10n ** 16n);
    expect(weightedMean([])).toBeNull();
  });
});

/*
 * A hand-worked position in a vault with 6-decimal shares:
 *   10 Jul  deposit 1,000 USDC at price 1.000000 → 1,000 shares
 *   25 Jul  price 1.010000 (snapshot)
 *    5 Aug  deposit   505 USDC at price 1.010000 →   500 shares (1,500 held)
 *   20 Aug  withdraw  306 USDC at price 1.020000 →   300 shares (1,200 held)
 *    1 Sep  price 1.025000 (snapshot)
 *   10 Sep  now: price 1.030000, value 1,236 USDC
 * Net contributed 1,000 + 505 − 306 = 1,199; earned 1,236 − 1,199 = +37.
 */
const history: VaultHistory = {
  shareDecimals: 6,
  flows: [
    { time: t0, kind: 'deposit', shares: 1_000n * USDC, assets: 1_000n * USDC },
    { time: Date.UTC(2026, 7, 5), kind: 'deposit', shares: 500n * USDC, assets: 505n * USDC },
    { time: Date.UTC(2026, 7, 20), kind: 'withdraw', shares: 300n * USDC, assets: 306n * USDC },
  ],
  prices: [
    { time: t0, price: 1_000_000n },
    { time: Date.UTC(2026, 6, 25), price: 1_010_000n },
    { time: Date.UTC(2026, 7, 5), price: 1_010_000n },
    { time: Date.UTC(2026, 7, 20), price: 1_020_000n },
    { time: Date.UTC(2026, 8, 1), price: 1_025_000n },
  ],
  current: { time: Date.UTC(2026, 8, 10), price: 1_030_000n, value: 1_236n * USDC },
};

describe('a position worked by hand', () => {
  it('net contributed, shares, values and earned (with its sign)', () => {
    expect(netContributed(history.flows)).toBe(1_199n * USDC);
    expect(sharesAt(history.flows, Date.UTC(2026, 7, 10))).toBe(1_500n * USDC);
    expect(priceAt(history.prices, Date.UTC(2026, 7, 1))).toBe(1_010_000n);
    expect(priceAt(history.prices, t0 - 1)).toBeNull();
    // 1 Aug: 1,000 shares × 1.01
    expect(valueAt(history, Date.UTC(2026, 7, 1))).toBe(1_010n * USDC);
    expect(earned(history)).toBe(37n * USDC);
    const loss: VaultHistory = { ...history, current: { ...history.current, price: 990_000n, value: 1_188n * USDC } };
    expect(earned(loss)).toBe(-11n * USDC);
  });

  it('earned over a range: value change minus flows in it', () => {
    // From 1 Sep (1,200 × 1.025 = 1,230) to now (1,236): +6, no flows.
    expect(earnedBetween(history, Date.UTC(2026, 8, 1), history.current.time)).toBe(6n * USDC);
    // Since the start equals earned.
    expect(earnedBetween(history, null, history.current.time)).toBe(earned(history));
    expect(depositsBetween(history.flows, Date.UTC(2026, 7, 1), history.current.time)).toBe(505n * USDC);
    expect(depositsBetween(history.flows, null, history.current.time)).toBe(1_505n * USDC);
  });

  it('monthly interest from share-price growth, adding up to earned', () => {
    const months = monthlyInterest(history);
    // July: 1 Aug value 1,010 − 0 − 1,000 = +10.
    // August: 1 Sep value 1,230 − 1,010 − (505 − 306) = +21.
    // September (to now): 1,236 − 1,230 = +6.
    expect(months.map((row) => [row.month, row.amount])).toEqual([
      ['2026-07', 10n * USDC],
      ['2026-08', 21n * USDC],
      ['2026-09', 6n * USDC],
    ]);
    expect(months.reduce((sum, row) => sum + row.amount, 0n)).toBe(earned(history));
  });

  it('balance over time, with a point at every flow', () => {
    const from = Date.UTC(2026, 7, 1);
    const times = chartTimes([history], from, history.current.time, 3);
    expect(times).toContain(Date.UTC(2026, 7, 5));
    expect(times).toContain(Date.UTC(2026, 7, 20));
    expect(times[0]).toBe(from);
    expect(times.at(-1)).toBe(history.current.time);
    expect(balanceAt([history, history], Date.UTC(2026, 7, 1))).toBe(2_020n * USDC);
  });

  it('a share transfer in counts at its value, not as earnings', () => {
    const gift: PositionFlow = { time: Date.UTC(2026, 8, 5), kind: 'transfer-in', shares: 100n * USDC, assets: 102_500_000n };
    const withGift: VaultHistory = {
      ...history,
      flows: [...history.flows, gift],
      current: { ...history.current, value: 1_339n * USDC },
    };
    expect(netContributed(withGift.flows)).toBe(1_199n * USDC + 102_500_000n);
    // 1,300 shares × 1.03 = 1,339; 1,339 − 1,301.5 = 37.5
    expect(earned(withGift)).toBe(37_500_000n);
  });
});

describe('blendedAverageApy: recorded deposits at their APY and on-chain value at its realised APY', () => {
  const AT_NINE = { depositAmount: '3000.00', apyPercent: '9' };
  const RECORDED = [{ depositAmount: '1000.00', apyPercent: '5' }, AT_NINE];
  const apy = (percent: string) => (BigInt(percent.replace('.', '')) * WAD) / 10_000n;

  it.each([
    // (1000 × 5 + 3000 × 9) / 4000 = 8.0 % (the deposit-weighted rule alone)
    ['recorded only', RECORDED, 0n, apy('6.26'), '8.0%'],
    // (1000 × 5 + 3000 × 9 + 4000 × 6.26) / 8000 = 57 040 / 8000 = 7.13 %
    ['recorded and on chain', RECORDED, 4000n * USDC, apy('6.26'), '7.1%'],
    // (3000 × 9 + 1000 × −2.00) / 4000 = 25 000 / 4000 = 6.25 % → 6.3 % (half up)
    ['a negative realised APY pulls it down', [AT_NINE], 1000n * USDC, apy('-2.00'), '6.3%'],
    // Less than a day of history: the on-chain value has no APY yet and does not weigh.
    ['no realised APY yet', RECORDED, 4000n * USDC, null, '8.0%'],
    ['on chain only', [], 250n * USDC, apy('4.44'), '4.4%'],
  ] as const)('%s → %s', (_case, deposits, value, realised, text) => {
    const blended = blendedAverageApy(deposits, { value, realisedApy: realised });
    expect(blended === null ? null : formatPercent(blended, { decimals: 1 })).toBe(text);
  });

  it('is null when nothing weighs', () => {
    expect(blendedAverageApy([], { value: 0n, realisedApy: apy('5.00') })).toBeNull();
    expect(blendedAverageApy([], { value: 100n * USDC, realisedApy: null })).toBeNull();
  });
});

describe('periodFigures: a month of one position (Modified Dietz return, annualised)', () => {
  const start = Date.UTC(2026, 5, 1); // 1 June 2026, a 30-day month
  const end = Date.UTC(2026, 6, 1);
  const history = (flows: PositionFlow[], prices: { time: number; price: bigint }[]): VaultHistory => ({
    shareDecimals: 6,
    flows,
    prices,
    current: { time: end + DAY_MS, price: prices.at(-1)?.price ?? 0n, value: 0n },
  });

  it('weighs a deposit made half-way through the month by half', () => {
    // 100 shares at 1.00 from the start; 100 more bought at 1.00 on day 15; price 1.01 at the end.
    const flows: PositionFlow[] = [
      { time: start - DAY_MS, kind: 'deposit', shares: 100n * USDC, assets: 100n * USDC },
      { time: start + 15 * DAY_MS, kind: 'deposit', shares: 100n * USDC, assets: 100n * USDC },
    ];
    const prices = [
      { time: start - DAY_MS, price: USDC },
      { time: end - DAY_MS, price: 1_010_000n },
    ];
    const figures = periodFigures(history(flows, prices), start, end);
    // opening 100.00; closing 200 × 1.01 = 202.00; earned 202 − 100 − 100 = 2.00
    // average = 100 + 100 × 15/30 = 150.00; return 2 / 150 = 1.3333…%
    expect(figures).toMatchObject({
      openingValue: 100n * USDC,
      closingValue: 202n * USDC,
      moneyIn: 100n * USDC,
      moneyOut: 0n,
      earned: 2n * USDC,
      averageBalance: 150n * USDC,
      periodReturn: 13_333_333_333_333_333n,
    });
    // 1.013333…^(365/30) − 1 = 17.4861…%
    expect(formatPercent(figures.realisedApy ?? 0n)).toBe('17.49%');
  });

  it('has no APY ("—") when there was nothing to earn on, and adds vaults up on their summed balance', () => {
    const empty = periodFigures(history([], [{ time: start, price: USDC }]), start, end);
    expect(empty).toMatchObject({ openingValue: 0n, closingValue: 0n, earned: 0n, periodReturn: null, realisedApy: null });
    // A deposit in the month's last moment: a balance of almost nothing over the month.
    const lastMoment = periodFigures(
      history([{ time: end, kind: 'deposit', shares: 50n * USDC, assets: 50n * USDC }], [{ time: start, price: USDC }]),
      start,
      end,
    );
    expect(lastMoment).toMatchObject({ moneyIn: 50n * USDC, averageBalance: 0n, realisedApy: null });
    const both = sumPeriodFigures([empty, lastMoment], end - start);
    expect(both).toMatchObject({ moneyIn: 50n * USDC, closingValue: 50n * USDC, earned: 0n, realisedApy: null });
  });
});
