import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDayTime, formatLongDay } from './format-date';

describe('dates in UTC, labelled as such', () => {
  it('formats a day and a time from an ISO string, whatever the browser zone', () => {
    expect(formatDay('2026-08-15T23:30:00Z')).toBe('Aug 15, 2026');
    expect(formatDateTime('2026-08-15T15:04:00Z')).toBe('Aug 15, 2026, 3:04 PM UTC');
    expect(formatDayTime('2026-11-26T00:05:00Z')).toBe('Nov 26, 12:05 AM UTC');
    expect(formatLongDay('2026-11-02T00:00:00Z')).toBe('2 November 2026');
  });

  it('takes epoch milliseconds too (the chart tooltips)', () => {
    expect(formatDateTime(Date.UTC(2026, 7, 15, 15, 4))).toBe('Aug 15, 2026, 3:04 PM UTC');
  });

  it('refuses a time it cannot show, as Intl does', () => {
    expect(() => formatDateTime('not a time')).toThrow(RangeError);
    expect(() => formatDay('')).toThrow(RangeError);
  });
});

describe('the same text as Intl.DateTimeFormat', () => {
  const intl = {
    day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    dateTime: new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }),
    dayTime: new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }),
    longDay: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
  // ICU may put a narrow no-break space before AM/PM; the text a reader sees is the same.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('for every hour and minute boundary and 5,000 times from 2000 to 2100', () => {
    const times = [Date.UTC(2026, 0, 1, 0, 0), Date.UTC(2026, 11, 31, 23, 59), Date.UTC(2024, 1, 29, 12, 0)];
    for (let hour = 0; hour < 24; hour += 1) times.push(Date.UTC(2026, 5, 15, hour, hour * 2));
    let seed = 20261126;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const start = Date.UTC(2000, 0, 1);
    const span = Date.UTC(2100, 0, 1) - start;
    for (let i = 0; i < 5000; i += 1) times.push(start + Math.floor(next() * span));
    for (const time of times) {
      const iso = new Date(time).toISOString();
      expect(formatDay(iso), iso).toBe(plain(intl.day.format(time)));
      expect(formatDateTime(time), iso).toBe(plain(intl.dateTime.format(time)));
      expect(formatDayTime(iso), iso).toBe(plain(intl.dayTime.format(time)));
      expect(formatLongDay(iso), iso).toBe(plain(intl.longDay.format(time)));
    }
  });
});
