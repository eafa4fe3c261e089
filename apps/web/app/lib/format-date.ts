const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** An ISO time as "Aug 15, 2026" (UTC). */
export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}

/** An ISO time (or epoch milliseconds) as "Aug 15, 2026, 3:04 PM UTC". */
export function formatDateTime(time: string | number): string {
  return DATE_TIME.format(new Date(time));
}
