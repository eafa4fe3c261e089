import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format-date';

describe('dates in UTC, labelled as such', () => {
  it('formats a day and a time from an ISO string, whatever the browser zone', () => {
    expect(formatDay('2026-08-15T23:30:00Z')).toBe('Aug 15, 2026');
    expect(formatDateTime('2026-08-15T15:04:00Z')).toBe('Aug 15, 2026, 3:04 PM UTC');
  });

  it('takes epoch milliseconds too (the chart tooltips)', () => {
    expect(formatDateTime(Date.UTC(2026, 7, 15, 15, 4))).toBe('Aug 15, 2026, 3:04 PM UTC');
  });
});
