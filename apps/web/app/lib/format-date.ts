import { MONTH_NAMES } from '@keel/core/statement-month';

/*
 * Dates in UTC, written by hand in the exact text Intl.DateTimeFormat gives for en-US (en-GB for the long date);
 * counts are @keel/core/money's formatCount. Not Intl: the first Intl.DateTimeFormat a page builds loads the ICU date data, ~35 ms of main thread on this
 * machine and ~150 ms on Lighthouse's throttled phone, and the landing page built one while hydrating
 * (docs/performance-log.md, "the load generator was measuring itself"). format-date.test.ts compares every function
 * with Intl over many times.
 */

const MONTHS = MONTH_NAMES;

function utcDate(time: string | number): Date {
  const date = new Date(time);
  // As Intl.DateTimeFormat#format does for a time it cannot show.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

function monthName(date: Date): string {
  const name = MONTHS[date.getUTCMonth()];
  if (name === undefined) throw new RangeError('Invalid time value');
  return name;
}

/** "Aug 15" */
function monthDay(date: Date): string {
  return `${monthName(date).slice(0, 3)} ${date.getUTCDate()}`;
}

/** "3:04 PM UTC" */
function clock(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** An ISO time as "Aug 15, 2026" (UTC). */
export function formatDay(iso: string): string {
  const date = utcDate(iso);
  return `${monthDay(date)}, ${date.getUTCFullYear()}`;
}

/** An ISO time (or epoch milliseconds) as "Aug 15, 2026, 3:04 PM UTC". */
export function formatDateTime(time: string | number): string {
  const date = utcDate(time);
  return `${monthDay(date)}, ${date.getUTCFullYear()}, ${clock(date)}`;
}

/** An ISO time as "Aug 15, 3:04 PM UTC" (this year's figures: the landing page's as-of notes). */
export function formatDayTime(time: string | number): string {
  const date = utcDate(time);
  return `${monthDay(date)}, ${clock(date)}`;
}

/** A day as "22 November 2026" (UTC; the legal pages' "Last updated"). */
export function formatLongDay(time: string | number): string {
  const date = utcDate(time);
  return `${date.getUTCDate()} ${monthName(date)} ${date.getUTCFullYear()}`;
}
