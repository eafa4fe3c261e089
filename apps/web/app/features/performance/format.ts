import { formatPercent } from '@keel/core/yield-math';

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-07" → "July 2026" (months are UTC calendar months). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return MONTH_FORMAT.format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)));
}

/** A WAD fraction string as "5.12%", or a dash when there is none. */
export function formatFraction(wad: string | null, options: { signed?: boolean } = {}): string {
  return wad === null ? '—' : formatPercent(BigInt(wad), options);
}
