import { ADDRESS_DISPLAY } from './constants.js';

/**
 * Money rules for the dashboards, in exact integer arithmetic.
 *
 * - Amounts are integer micro-USDC (1 USDC = 1_000_000), like the token's 6 decimals.
 * - APYs are integer ten-thousandths of a percent (5.5% = 55_000), like apy_percent numeric(7,4).
 * - Earnings per deposit = amount × apy / 100 / 365 × whole days since the deposit (at least 1).
 *   The exact total is truncated to whole micro-USDC (never overstated).
 * - Display: en-US, '$' and 2 decimals, rounded half-up (half away from zero) to the cent.
 *   Truncating to micro-USDC first never changes the cent: every half-cent boundary is a
 *   whole number of micro-USDC.
 * - Average APY: deposit-weighted, rounded half-up to 1 decimal.
 */

export const USDC_DECIMALS = 6;
export const MICRO_PER_USDC = 1_000_000n;
export const APY_DECIMALS = 4;
const APY_UNITS_PER_PERCENT = 10_000n;
const DAYS_PER_YEAR = 365n;
const MS_PER_DAY = 86_400_000;

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative plain decimal ("1000.5") into an integer with `scale` decimals; throws on anything else. */
export function parseDecimal(value: string, scale: number): bigint {
  const match = DECIMAL_PATTERN.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  // Extra digits are accepted only when they are zeros (the database pads numeric columns).
  if (fraction.length > scale && /[^0]/.test(fraction.slice(scale))) {
    throw new RangeError(`At most ${scale} decimal places: ${JSON.stringify(value)}`);
  }
  return BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

/** Formats an integer with `scale` decimals as a plain decimal, trailing zeros trimmed down to `minDecimals`. */
export function formatDecimal(units: bigint, scale: number, minDecimals = 0): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** "1000.50" → 1_000_500_000n micro-USDC. At most 6 decimals. */
export function parseUsdc(value: string): bigint {
  return parseDecimal(value, USDC_DECIMALS);
}

/** 1_000_500_000n → "1000.50": a plain decimal with at least 2 and at most 6 decimals (no rounding). */
export function formatUsdcAmount(micro: bigint): string {
  return formatDecimal(micro, USDC_DECIMALS, 2);
}

/** "5.5" → 55_000n ten-thousandths of a percent. At most 4 decimals. */
export function parseApyPercent(value: string): bigint {
  return parseDecimal(value, APY_DECIMALS);
}

/** 55_000n → "5.5" (trailing zeros trimmed). */
export function formatApyPercent(units: bigint): string {
  return formatDecimal(units, APY_DECIMALS);
}

/** numerator / denominator rounded half away from zero; denominator > 0. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n) return -divideHalfUp(-numerator, denominator);
  const quotient = numerator / denominator;
  return 2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient;
}

/** Groups the digits of a non-negative integer string in threes: "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A whole number as "12,345" (en-US, the text Intl.NumberFormat gives, without loading it); negatives as "-12,345". */
export function formatCount(value: number | bigint): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`Not a whole number: ${value}`);
  const whole = BigInt(value);
  return whole < 0n ? `-${groupThousands((-whole).toString())}` : groupThousands(whole.toString());
}

/**
 * The sign of an amount as formatUsd shows it: a gain or loss under half a cent
 * shows as $0.00 and must not be coloured as one (vaults round in their own favour,
 * so a fresh position is often 1 unit "down").
 */
export function shownUsdSign(micro: bigint): -1 | 0 | 1 {
  const cents = divideHalfUp(micro, 10_000n);
  return cents > 0n ? 1 : cents < 0n ? -1 : 0;
}

/** 1_234_564_999n → "$1,234.56"; en-US, 2 decimals, half-up to the cent; negatives as "-$1.00". */
export function formatUsd(micro: bigint): string {
  const cents = divideHalfUp(micro, 10_000n);
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  const dollars = absolute / 100n;
  const remainder = (absolute % 100n).toString().padStart(2, '0');
  return `${sign}$${groupThousands(dollars.toString())}.${remainder}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a calendar date 'YYYY-MM-DD'; throws on an impossible date. */
function epochDay(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${JSON.stringify(date)}`);
  }
  return time / MS_PER_DAY;
}

export function isIsoDate(value: string): boolean {
  try {
    epochDay(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date of `now` in the local time zone of whoever runs this, as 'YYYY-MM-DD'. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whole calendar days from `date` to `today` (both 'YYYY-MM-DD'), at least 1:
 * a deposit made today (or dated in the future) earns one day.
 */
export function daysSince(date: string, today: string): number {
  return Math.max(1, epochDay(today) - epochDay(date));
}

export type DepositLike = { depositAmount: string; apyPercent: string; depositDate: string };

// amount(micro) × apy(1e-4 %) × days / (100 % × 1e4 × 365) = earnings in micro-USDC.
const EARNINGS_DENOMINATOR = 100n * APY_UNITS_PER_PERCENT * DAYS_PER_YEAR;

function earningsNumerator(deposit: DepositLike, today: string): bigint {
  return parseUsdc(deposit.depositAmount) * parseApyPercent(deposit.apyPercent) * BigInt(daysSince(deposit.depositDate, today));
}

/** Estimated earnings of all deposits in micro-USDC: the exact sum, truncated once. */
export function estimateEarnings(deposits: readonly DepositLike[], today: string): bigint {
  const numerator = deposits.reduce((sum, deposit) => sum + earningsNumerator(deposit, today), 0n);
  return numerator / EARNINGS_DENOMINATOR;
}

/** Deposit-weighted APY, half-up to one decimal: "6.3"; "0.0" when there is nothing deposited. */
export function averageApy(deposits: readonly Pick<DepositLike, 'depositAmount' | 'apyPercent'>[]): string {
  let weighted = 0n;
  let total = 0n;
  for (const deposit of deposits) {
    const amount = parseUsdc(deposit.depositAmount);
    weighted += amount * parseApyPercent(deposit.apyPercent);
    total += amount;
  }
  if (total === 0n) return '0.0';
  // weighted / total is in 1e-4 %; one decimal of a percent is 1e-1 %, i.e. 1000 units.
  const tenths = divideHalfUp(weighted, total * 1000n);
  return formatDecimal(tenths, 1, 1);
}

export type DepositSummary = {
  /** Sum of deposit amounts, micro-USDC. */
  totalBalance: bigint;
  /** Estimated earnings, micro-USDC. */
  totalEarnings: bigint;
  /** Deposit-weighted APY, one decimal ('6.3'). */
  averageApy: string;
  count: number;
};

export function summarizeDeposits(deposits: readonly DepositLike[], today: string): DepositSummary {
  return {
    totalBalance: deposits.reduce((sum, deposit) => sum + parseUsdc(deposit.depositAmount), 0n),
    totalEarnings: estimateEarnings(deposits, today),
    averageApy: averageApy(deposits),
    count: deposits.length,
  };
}

/** One summary per vault name, in order of each vault's first deposit. */
export function summarizeDepositsByVault<T extends DepositLike & { vault: string }>(
  deposits: readonly T[],
  today: string,
): { vault: string; summary: DepositSummary }[] {
  const groups = new Map<string, T[]>();
  for (const deposit of deposits) {
    const group = groups.get(deposit.vault);
    if (group) group.push(deposit);
    else groups.set(deposit.vault, [deposit]);
  }
  return [...groups].map(([vault, group]) => ({ vault, summary: summarizeDeposits(group, today) }));
}

/** "0x1234567890abcdef…" → "0x1234...cdef" (first 6 and last 4 characters). */
export function shortenAddress(address: string): string {
  if (address.length <= ADDRESS_DISPLAY.head + ADDRESS_DISPLAY.tail) return address;
  return `${address.slice(0, ADDRESS_DISPLAY.head)}...${address.slice(-ADDRESS_DISPLAY.tail)}`;
}

/** "+$12.34" / "-$3.21"; an amount that rounds to $0.00 has no sign (never "-$0.00"). */
export function formatSignedUsd(micro: bigint): string {
  const text = formatUsd(micro);
  if (text === '$0.00' || text === '-$0.00') return '$0.00';
  return micro > 0n ? `+${text}` : text;
}

/** numeric(20,6) holds 14 whole digits: the largest amount a row (or a form) takes. */
const USDC_AMOUNT_PATTERN = /^\d{1,14}(\.\d{1,6})?$/;

export const USDC_AMOUNT_MESSAGES = {
  required: 'Enter an amount',
  malformed: 'Amount must be a number of USDC with at most 6 decimals (e.g. 1000.50)',
  notPositive: 'Amount must be greater than 0',
} as const;

export type ParsedUsdcAmount = { ok: true; micro: bigint } | { ok: false; message: string };

/**
 * The one "positive USDC amount" rule (dialogs, operator command): a plain
 * decimal, at most 6 decimals and 14 whole digits, above 0. Answers micro-USDC.
 */
export function parsePositiveUsdc(input: string): ParsedUsdcAmount {
  const value = input.trim();
  if (value === '') return { ok: false, message: USDC_AMOUNT_MESSAGES.required };
  if (!USDC_AMOUNT_PATTERN.test(value)) return { ok: false, message: USDC_AMOUNT_MESSAGES.malformed };
  const micro = parseUsdc(value);
  return micro > 0n ? { ok: true, micro } : { ok: false, message: USDC_AMOUNT_MESSAGES.notPositive };
}
