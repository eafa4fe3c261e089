import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { cachedIsoTime, createLogger } from './logger.js';

describe('cachedIsoTime', () => {
  it("writes what pino's isoTime writes, and a new time as soon as the millisecond changes", () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0, 1);
    const time = cachedIsoTime(() => now);
    // pino's own function, for the shape of what it writes.
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"[^"]+Z"$/);
    expect(time()).toBe(',"time":"2026-11-26T12:00:00.001Z"');
    now += 1;
    expect(time()).toBe(',"time":"2026-11-26T12:00:00.002Z"');
    now += 86_400_000;
    expect(time()).toBe(',"time":"2026-11-27T12:00:00.002Z"');
  });

  it('gives every log line a parseable ISO time close to the clock', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const before = Date.now();
    logger.info('first');
    logger.info('second');
    const after = Date.now();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const { time } = JSON.parse(line) as { time: string };
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(time)).toBeLessThanOrEqual(after);
    }
  });
});
