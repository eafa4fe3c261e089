/**
 * Calendar months of a monthly statement in the saver's time zone.
 *
 * - A month is written 'YYYY-MM'; the default time zone is UTC.
 * - A month runs from local midnight on its first day (included) to local
 *   midnight on the next month's first day (excluded), as instants in ms.
 * - Time zones are IANA names the runtime's Intl knows ('Europe/Berlin').
 */

export const STATEMENT_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const DEFAULT_STATEMENT_TIME_ZONE = 'UTC';

/** [start, end) of a month as instants (ms since the epoch). */
export type MonthBounds = { month: string; start: number; end: number };

/** True for a time zone name Intl accepts. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading at `time` in `timeZone`, written as if it were UTC (ms). */
function wallClock(time: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(time))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((time % 1000) + 1000) % 1000);
}

/** The instant at which the wall clock of `timeZone` reads the given UTC-written time (two passes cover DST). */
function instantOfWallClock(wall: number, timeZone: string): number {
  const firstGuess = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(firstGuess, timeZone) - firstGuess);
}

function yearAndMonth(month: string): { year: number; monthIndex: number } {
  const match = STATEMENT_MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${JSON.stringify(month)}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

/** 'YYYY-MM' of a year and a zero-based month (either may overflow: 2026, 12 → '2027-01'). */
function monthName(year: number, monthIndex: number): string {
  const date = new Date(Date.UTC(year, monthIndex, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Where a month begins and ends in a time zone. */
export function monthBounds(month: string, timeZone: string): MonthBounds {
  const { year, monthIndex } = yearAndMonth(month);
  return {
    month,
    start: instantOfWallClock(Date.UTC(year, monthIndex, 1), timeZone),
    end: instantOfWallClock(Date.UTC(year, monthIndex + 1, 1), timeZone),
  };
}

/** The 'YYYY-MM' that `time` falls in, in a time zone. */
export function monthOf(time: number, timeZone: string): string {
  const wall = new Date(wallClock(time, timeZone));
  return monthName(wall.getUTCFullYear(), wall.getUTCMonth());
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const { year, monthIndex } = yearAndMonth(month);
  return monthName(year, monthIndex + 1);
}

/** Every month from `first` to `last`, both included, oldest first (empty when first is after last). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}

/** English month names, January first. Written out rather than Intl: a page's first Intl.DateTimeFormat loads the ICU date data. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '2026-03' → 'March 2026'. */
export function monthLabel(month: string): string {
  const { year, monthIndex } = yearAndMonth(month);
  return `${MONTH_NAMES[monthIndex] ?? ''} ${year}`;
}

/** A month has not begun yet in the zone: there is nothing to state. */
export function isFutureMonth(month: string, timeZone: string, now: number): boolean {
  return monthBounds(month, timeZone).start > now;
}
