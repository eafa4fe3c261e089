import { DAY_MS, REALISED_APY_MIN_WINDOW_MS } from './constants.js';
import { parseApyPercent, parseUsdc, type DepositLike } from './money.js';

/**
 * Earnings and realised APY of vault positions, from indexed chain history
 * Every screen and the CSV use these functions; nothing else
 * computes a figure of history.
 *
 * - Amounts are integers of the asset's smallest unit (micro-USDC); shares are
 *   integers of the share token's smallest unit.
 * - A share price is what one whole share (10^shareDecimals units) converts to,
 *   in asset units: the vault's convertToAssets(10^decimals).
 * - Fractions (APY, price change) are integers of 10^-18 (WAD): 5% = 5 × 10^16.
 * - Net contributed = deposits − withdrawals at their asset amounts; shares that
 *   arrive or leave by a plain transfer count at the share price of that block.
 * - Earned = current value − net contributed; it may be negative and keeps its sign.
 * - Realised APY = (p_end / p_start)^(365 days / elapsed) − 1.
 */

export const WAD = 10n ** 18n;
export const YEAR_MS = 365 * DAY_MS;

export type FlowKind = 'deposit' | 'withdraw' | 'transfer-in' | 'transfer-out';

/** One movement of a position, in time order. */
export type PositionFlow = {
  time: number;
  kind: FlowKind;
  /** Shares moved, > 0. */
  shares: bigint;
  /** Assets moved (the event's assets; for a transfer, the shares at that block's price), ≥ 0. */
  assets: bigint;
};

export type PricePoint = { time: number; price: bigint };

/** One vault's position history for a set of wallets, plus its value now. */
export type VaultHistory = {
  shareDecimals: number;
  /** Sorted by time. */
  flows: readonly PositionFlow[];
  /** Share-price snapshots, sorted by time. */
  prices: readonly PricePoint[];
  /** As of `time` (the indexed head): the price and the exact value of the shares held then. */
  current: { time: number; price: bigint; value: bigint };
};

const isInflow = (kind: FlowKind) => kind === 'deposit' || kind === 'transfer-in';

/** numerator / denominator rounded half away from zero; denominator > 0. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n) return -divideHalfUp(-numerator, denominator);
  const quotient = numerator / denominator;
  return 2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient;
}

/** Assets in minus assets out, over flows with from < time ≤ to (from null: since the start). */
export function netFlow(flows: readonly PositionFlow[], from: number | null, to: number): bigint {
  let net = 0n;
  for (const flow of flows) {
    if (flow.time > to || (from !== null && flow.time <= from)) continue;
    net += isInflow(flow.kind) ? flow.assets : -flow.assets;
  }
  return net;
}

/** Net contributed: deposits − withdrawals (and transfers in − out at their value), up to `to`. */
export function netContributed(flows: readonly PositionFlow[], to = Number.POSITIVE_INFINITY): bigint {
  return netFlow(flows, null, to);
}

/** Sum of deposited assets with from < time ≤ to. */
export function depositsBetween(flows: readonly PositionFlow[], from: number | null, to: number): bigint {
  return flows
    .filter((flow) => flow.kind === 'deposit' && flow.time <= to && (from === null || flow.time > from))
    .reduce((sum, flow) => sum + flow.assets, 0n);
}

/** Shares held just after `time` (flows at `time` included). */
export function sharesAt(flows: readonly PositionFlow[], time: number): bigint {
  let shares = 0n;
  for (const flow of flows) {
    if (flow.time > time) break;
    shares += isInflow(flow.kind) ? flow.shares : -flow.shares;
  }
  return shares;
}

/** shares × price / 10^decimals, rounded down like the vault's own conversion. */
export function valueOfShares(shares: bigint, price: bigint, shareDecimals: number): bigint {
  return (shares * price) / 10n ** BigInt(shareDecimals);
}

/** The latest snapshot at or before `time`, or null when there is none. */
export function priceAt(prices: readonly PricePoint[], time: number): bigint | null {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((prices[middle]?.time ?? Infinity) <= time) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? null : (prices[low - 1]?.price ?? null);
}

/** Value of the position at `time`: exact `current.value` from its time on, else shares × the snapshot price then. */
export function valueAt(history: VaultHistory, time: number): bigint {
  if (time >= history.current.time) return history.current.value;
  const shares = sharesAt(history.flows, time);
  if (shares === 0n) return 0n;
  // Every block with events has a snapshot; the fallback covers a node that could not answer for one.
  const price = priceAt(history.prices, time) ?? history.prices[0]?.price ?? history.current.price;
  return valueOfShares(shares, price, history.shareDecimals);
}

/** Earned = current value − net contributed (negative when the position lost value). */
export function earned(history: VaultHistory): bigint {
  return history.current.value - netContributed(history.flows, history.current.time);
}

/** Earned between two times: value change minus what was put in or taken out meanwhile (from null: since the start). */
export function earnedBetween(history: VaultHistory, from: number | null, to: number): bigint {
  const start = from === null ? 0n : valueAt(history, from);
  return valueAt(history, to) - start - netFlow(history.flows, from, to);
}

// ---- Realised APY in fixed point (40 decimals) ----

const PRECISION = 10n ** 40n;

function lnSeries(x: bigint): bigint {
  // ln x = 2·atanh(z), z = (x − 1)/(x + 1); |z| ≤ 1/3 for x in [1/2, 2].
  const z = ((x - PRECISION) * PRECISION) / (x + PRECISION);
  const z2 = (z * z) / PRECISION;
  let sum = 0n;
  let term = z;
  for (let n = 1n; term !== 0n; n += 2n) {
    sum += term / n;
    term = (term * z2) / PRECISION;
  }
  return 2n * sum;
}

const LN2 = lnSeries(2n * PRECISION);

/** ln(x) for x > 0, both scaled by PRECISION. */
function lnFixed(x: bigint): bigint {
  let k = 0n;
  while (x > 2n * PRECISION) {
    x /= 2n;
    k += 1n;
  }
  while (x < PRECISION / 2n) {
    x *= 2n;
    k -= 1n;
  }
  return lnSeries(x) + k * LN2;
}

/** e^y, both scaled by PRECISION. */
function expFixed(y: bigint): bigint {
  const k = divideHalfUp(y, LN2);
  const r = y - k * LN2; // |r| ≤ ln2 / 2
  let sum = PRECISION;
  let term = PRECISION;
  for (let n = 1n; term !== 0n; n += 1n) {
    term = (term * r) / PRECISION / n;
    sum += term;
  }
  return k >= 0n ? sum << k : sum >> -k;
}

/**
 * (end / start)^(365 days / elapsed) − 1 as a WAD fraction, rounded half away
 * from zero. Exact when 365 days is a whole multiple of the window (an integer
 * power); otherwise through 40-digit fixed-point ln/exp, far below the 18
 * digits returned. Null when start is 0 or the window is under a day.
 */
export function realisedApy(startPrice: bigint, endPrice: bigint, elapsedMs: number): bigint | null {
  if (startPrice <= 0n || endPrice < 0n || elapsedMs < REALISED_APY_MIN_WINDOW_MS) return null;
  if (endPrice === 0n) return -WAD;
  const year = BigInt(YEAR_MS);
  const elapsed = BigInt(Math.round(elapsedMs));
  if (year % elapsed === 0n) {
    const power = year / elapsed;
    const denominator = startPrice ** power;
    return divideHalfUp((endPrice ** power - denominator) * WAD, denominator);
  }
  const ratio = (endPrice * PRECISION) / startPrice;
  const exponent = divideHalfUp(lnFixed(ratio) * year, elapsed);
  return divideHalfUp((expFixed(exponent) - PRECISION) * WAD, PRECISION);
}

/** (end − start) / start as a WAD fraction: the share price's change over a range (not annualised). */
export function priceChange(startPrice: bigint, endPrice: bigint): bigint | null {
  if (startPrice <= 0n) return null;
  return divideHalfUp((endPrice - startPrice) * WAD, startPrice);
}

/** Weighted mean of WAD fractions (weights: position values); null when nothing weighs. */
export function weightedMean(items: readonly { weight: bigint; value: bigint | null }[]): bigint | null {
  let total = 0n;
  let weighted = 0n;
  for (const item of items) {
    if (item.value === null || item.weight <= 0n) continue;
    total += item.weight;
    weighted += item.weight * item.value;
  }
  return total === 0n ? null : divideHalfUp(weighted, total);
}

/** money.ts's APY units (10^-4 of a percent, 10^-6 of a whole) to a WAD fraction: exact, 5.5% (55_000n) → 0.055 × 10^18. */
const APY_UNIT_IN_WAD = WAD / 1_000_000n;

/**
 * The dashboard's Average APY over everything the user holds:
 * each recorded deposit at its apy_percent weighted by its amount (the product's
 * rule), and the on-chain positions at their realised APY weighted by their
 * value. A WAD fraction, rounded once; null when nothing weighs.
 */
export function blendedAverageApy(
  deposits: readonly Pick<DepositLike, 'depositAmount' | 'apyPercent'>[],
  onChain: { value: bigint; realisedApy: bigint | null },
): bigint | null {
  return weightedMean([
    ...deposits.map((deposit) => ({
      weight: parseUsdc(deposit.depositAmount),
      value: parseApyPercent(deposit.apyPercent) * APY_UNIT_IN_WAD,
    })),
    { weight: onChain.value, value: onChain.realisedApy },
  ]);
}

/** "5.12%" from a WAD fraction, half away from zero; negatives keep their sign ("-1.20%"), `signed` adds "+". */
export function formatPercent(fraction: bigint, options: { decimals?: number; signed?: boolean } = {}): string {
  const decimals = options.decimals ?? 2;
  const units = divideHalfUp(fraction * 100n * 10n ** BigInt(decimals), WAD);
  const sign = units < 0n ? '-' : options.signed ? '+' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fractionDigits = digits.slice(digits.length - decimals);
  return `${sign}${whole}${decimals > 0 ? `.${fractionDigits}` : ''}%`;
}

// ---- Calendar months (UTC) ----

export type MonthlyAmount = { month: string; start: number; end: number; amount: bigint };

function monthStart(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextMonthStart(start: number): number {
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** "2026-07" for a UTC time. */
export function monthKey(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Interest per calendar month (UTC) of one position, derived from share-price
 * growth: value at the month's end − value at its start − net flows in it. The
 * current month ends at `current.time`. Months without a position are left out.
 */
export function monthlyInterest(history: VaultHistory): MonthlyAmount[] {
  const first = history.flows[0];
  if (!first) return [];
  const rows: MonthlyAmount[] = [];
  const now = history.current.time;
  for (let start = monthStart(first.time); start <= now; start = nextMonthStart(start)) {
    const end = Math.min(nextMonthStart(start), now);
    const held = sharesAt(history.flows, start) > 0n || history.flows.some((flow) => flow.time > start && flow.time <= end);
    if (!held) continue;
    rows.push({ month: monthKey(start), start, end, amount: earnedBetween(history, start, end) });
  }
  return rows;
}

/** Total value of several positions at each time. */
export function balanceAt(histories: readonly VaultHistory[], time: number): bigint {
  return histories.reduce((sum, history) => sum + valueAt(history, time), 0n);
}

/**
 * Times for a balance chart over [from, to]: `points` evenly spaced ones plus
 * the moment of every flow (so a deposit shows as a step where it happened).
 */
export function chartTimes(histories: readonly VaultHistory[], from: number, to: number, points: number): number[] {
  const times = new Set<number>();
  const span = Math.max(0, to - from);
  const steps = Math.max(1, points - 1);
  for (let index = 0; index <= steps; index += 1) times.add(Math.round(from + (span * index) / steps));
  for (const history of histories) {
    for (const flow of history.flows) if (flow.time >= from && flow.time <= to) times.add(flow.time);
  }
  return [...times].sort((a, b) => a - b);
}

// ---- A statement period (a month) ----

/** One position over a period: every amount in micro-USDC, fractions as WAD. */
export type PeriodFigures = {
  openingValue: bigint;
  closingValue: bigint;
  /** Assets in: deposits, plus shares received by transfer at that moment's price. */
  moneyIn: bigint;
  /** Assets out: withdrawals, plus shares sent by transfer at that moment's price. */
  moneyOut: bigint;
  /** closing − opening − money in + money out. */
  earned: bigint;
  /** Time-weighted average balance (Modified Dietz); the base of the period's return. */
  averageBalance: bigint;
  /** earned / average balance, not annualised; null when the average balance is not positive. */
  periodReturn: bigint | null;
  /** The period's return annualised: (1 + return)^(365 days / period) − 1; null when not meaningful. */
  realisedApy: bigint | null;
};

/**
 * A position's figures over (from, to]: values at the snapshot prices of `from`
 * and `to` (valueAt), and the flows between.
 *
 * The realised APY uses the Modified Dietz return: each flow weighs by the
 * share of the period it was invested for, so a deposit on the last day barely
 * counts and an empty start is no division by zero.
 *   average = opening + Σ inflow × (to − t) / (to − from) − Σ outflow × (to − t) / (to − from)
 *   return  = earned / average
 *   APY     = (1 + return)^(365 days / (to − from)) − 1
 * Null (shown as "—") when the average balance is not positive (nothing was
 * invested long enough to earn on) or the period is under a day.
 */
export function periodFigures(history: VaultHistory, from: number, to: number): PeriodFigures {
  const openingValue = valueAt(history, from);
  const closingValue = valueAt(history, to);
  const span = BigInt(Math.max(0, Math.round(to - from)));
  let moneyIn = 0n;
  let moneyOut = 0n;
  let weightedFlows = 0n;
  for (const flow of history.flows) {
    if (flow.time <= from || flow.time > to) continue;
    const signed = isInflow(flow.kind) ? flow.assets : -flow.assets;
    if (signed >= 0n) moneyIn += signed;
    else moneyOut -= signed;
    if (span > 0n) weightedFlows += divideHalfUp(signed * BigInt(Math.round(to - flow.time)), span);
  }
  const earnedInPeriod = closingValue - openingValue - moneyIn + moneyOut;
  const averageBalance = openingValue + weightedFlows;
  return {
    openingValue,
    closingValue,
    moneyIn,
    moneyOut,
    earned: earnedInPeriod,
    averageBalance,
    ...periodRates(averageBalance, earnedInPeriod, to - from),
  };
}

function periodRates(averageBalance: bigint, earnedInPeriod: bigint, spanMs: number) {
  if (averageBalance <= 0n) return { periodReturn: null, realisedApy: null };
  return {
    periodReturn: divideHalfUp(earnedInPeriod * WAD, averageBalance),
    realisedApy: realisedApy(averageBalance, averageBalance + earnedInPeriod, spanMs),
  };
}

/** Several positions over the same period added up; the return and APY on their summed average balance. */
export function sumPeriodFigures(items: readonly PeriodFigures[], spanMs: number): PeriodFigures {
  const sum = (pick: (item: PeriodFigures) => bigint) => items.reduce((total, item) => total + pick(item), 0n);
  const averageBalance = sum((item) => item.averageBalance);
  const earnedInPeriod = sum((item) => item.earned);
  return {
    openingValue: sum((item) => item.openingValue),
    closingValue: sum((item) => item.closingValue),
    moneyIn: sum((item) => item.moneyIn),
    moneyOut: sum((item) => item.moneyOut),
    earned: earnedInPeriod,
    averageBalance,
    ...periodRates(averageBalance, earnedInPeriod, spanMs),
  };
}
