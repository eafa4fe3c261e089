import { formatSignedUsd, formatUsd } from './money.js';
import { paths } from './paths.js';
import { DEFAULT_STATEMENT_TIME_ZONE } from './statement-month.js';
import { formatPercent } from './yield-math.js';

/**
 * How a monthly statement's figures read, on the performance page, in the
 * printable statement and in the statement email alike. Money arrives as
 * integer strings of micro-USDC; fractions as integer strings of 10^-18.
 */

/** Shown where a figure cannot be known (the APY of a month with nothing invested). */
export const NOT_MEANINGFUL = '—';

/** "1234567" micro-USDC → "$1.23"; "-5000000" → "-$5.00". */
export function statementMoney(micro: string): string {
  return formatUsd(BigInt(micro));
}

/** Earnings with their sign: "+$1.23", "-$0.40", "$0.00". */
export function statementSignedMoney(micro: string): string {
  return formatSignedUsd(BigInt(micro));
}

/** A WAD fraction as "5.12%", or "—" when there is none. */
export function statementPercent(wad: string | null): string {
  return wad === null ? NOT_MEANINGFUL : formatPercent(BigInt(wad));
}

/** "2026-03-04T13:05:00.000Z" in Europe/Berlin → "4 Mar 2026, 14:05". */
export function statementTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** "1 Mar 2026" for the day an instant falls on in the zone. */
export function statementDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** What the statement covers: "March 2026", or "November 2026 (so far, to 29 Nov 2026, 00:08)". */
export function statementTitle(statement: { label: string; isToDate: boolean; periodEnd: string; timeZone: string }): string {
  return statement.isToDate
    ? `${statement.label} (so far, to ${statementTime(statement.periodEnd, statement.timeZone)})`
    : statement.label;
}

/** The plain-words line for a month without movements or without savings. */
export function statementQuietMonthText(statement: { hasPosition: boolean; hasActivity: boolean }): string | null {
  if (!statement.hasPosition) return 'You had no savings in Keel vaults this month, and nothing moved in or out.';
  if (!statement.hasActivity)
    return 'No deposits or withdrawals this month. Your savings stayed put and the figures below are interest only.';
  return null;
}

/** "Realised APY" of a month, with why it is blank when it is. */
export const STATEMENT_APY_NOTE =
  'Realised APY: the month’s earnings divided by your average balance over the month (each deposit or withdrawal counted for the days it was in the vault), annualised over 365 days. Shown as — when there was no balance to earn on or less than a day had passed.';

const ACTIVITY_LABELS: Record<string, string> = {
  Deposit: 'Deposit',
  Withdraw: 'Withdrawal',
  'Transfer in': 'Shares received from another wallet',
  'Transfer out': 'Shares sent to another wallet',
};

/** A statement activity row's type in plain words. */
export function statementActivityLabel(type: string): string {
  return ACTIVITY_LABELS[type] ?? type;
}

/** Where a statement's reader goes next: the printable statement, the month's CSV, the performance page. */
export type StatementLinks = { html: string; csv: string; page: string };

/**
 * The statement's download addresses, relative (base '') for the web page or
 * absolute for a mail. UTC, the default zone, is left out of the query.
 */
export function statementLinks(base: string, month: string, timeZone: string): StatementLinks {
  const root = base.replace(/\/+$/, '');
  const zone = timeZone === DEFAULT_STATEMENT_TIME_ZONE ? '' : `timeZone=${encodeURIComponent(timeZone)}`;
  return {
    html: `${root}/api/statements/${month}/html${zone ? `?${zone}` : ''}`,
    csv: `${root}/api/history/export.csv?month=${month}${zone ? `&${zone}` : ''}`,
    page: `${root}${paths.performance}`,
  };
}

/** The figures every statement shows for a vault or the total, as integer strings (see the routes' docs). */
export type StatementFiguresText = {
  openingValue: string;
  closingValue: string;
  deposits: string;
  withdrawals: string;
  earned: string;
  realisedApy: string | null;
};

/** The statement's figures in reading order, each with its label: the table columns on the page and in the file. */
export const STATEMENT_FIGURES: readonly { label: string; show: (figures: StatementFiguresText) => string }[] = [
  { label: 'Opening value', show: (figures) => statementMoney(figures.openingValue) },
  { label: 'Deposits', show: (figures) => statementMoney(figures.deposits) },
  { label: 'Withdrawals', show: (figures) => statementMoney(figures.withdrawals) },
  { label: 'Earned', show: (figures) => statementSignedMoney(figures.earned) },
  { label: 'Closing value', show: (figures) => statementMoney(figures.closingValue) },
  { label: 'Realised APY', show: (figures) => statementPercent(figures.realisedApy) },
];
