import { describe, expect, it } from 'vitest';
import { isFutureMonth, isValidTimeZone, monthBounds, monthLabel, monthOf, monthsBetween } from './statement-month.js';
import { timeZoneSchema } from './statement-schemas.js';

const iso = (time: number) => new Date(time).toISOString();

describe('statement months in a time zone', () => {
  it('starts and ends a month at local midnight', () => {
    const utc = monthBounds('2026-03', 'UTC');
    expect([iso(utc.start), iso(utc.end)]).toEqual(['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    // Berlin is UTC+1 on 1 March and UTC+2 (summer time) on 1 April.
    const berlin = monthBounds('2026-03', 'Europe/Berlin');
    expect([iso(berlin.start), iso(berlin.end)]).toEqual(['2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z']);
    const newYork = monthBounds('2026-12', 'America/New_York');
    expect([iso(newYork.start), iso(newYork.end)]).toEqual(['2026-12-01T05:00:00.000Z', '2027-01-01T05:00:00.000Z']);
  });

  it('puts 23:30 UTC on the last day into the next month one hour east of UTC', () => {
    const time = Date.parse('2026-03-31T23:30:00Z');
    expect(monthOf(time, 'UTC')).toBe('2026-03');
    expect(monthOf(time, 'Africa/Lagos')).toBe('2026-04');
    expect(monthOf(Date.parse('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-12');
  });

  it('lists months across a year end, names them, and knows which have not begun', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    expect(monthLabel('2026-03')).toBe('March 2026');
    const now = Date.parse('2026-03-31T23:30:00Z');
    expect(isFutureMonth('2026-04', 'UTC', now)).toBe(true);
    expect(isFutureMonth('2026-04', 'Africa/Lagos', now)).toBe(false);
  });

  it('accepts IANA time zone names only, defaulting to UTC', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneSchema.parse(undefined)).toBe('UTC');
    expect(timeZoneSchema.safeParse('Nowhere').success).toBe(false);
  });
});
