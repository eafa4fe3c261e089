import { formatPercent } from '@keel/core/yield-math';

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** "2026-07" → "July 2026" (months are UTC calendar months). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return MONTH_FORMAT.format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)));
}

/** An ISO time as "Aug 15, 2026" (UTC). */
export function formatDay(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return DATE_TIME_FORMAT.format(new Date(iso));
}

/** A WAD fraction string as "5.12%", or a dash when there is none. */
export function formatFraction(wad: string | null, options: { signed?: boolean } = {}): string {
  return wad === null ? '—' : formatPercent(BigInt(wad), options);
}
