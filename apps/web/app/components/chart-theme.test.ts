import { describe, expect, it } from 'vitest';
import { formatAxisDate, timeAxisProps, timeTicks, toUnits } from './chart-theme';

const DAY = 86_400_000;
const START = Date.UTC(2026, 7, 1);

describe('the shared time axis', () => {
  it('spreads six evenly spaced dates over a long, sparse range', () => {
    const ticks = timeTicks([START, START + 2 * DAY, START + 100 * DAY]);
    expect(ticks).toHaveLength(6);
    expect(ticks[0]).toBe(START);
    expect(ticks.at(-1)).toBe(START + 100 * DAY);
    expect(ticks.map(formatAxisDate)).toEqual(['Aug 1', 'Aug 21', 'Sep 10', 'Sep 30', 'Oct 20', 'Nov 9']);
  });

  it('draws one tick for a single moment and none for no data', () => {
    expect(timeTicks([START, START])).toEqual([START]);
    expect(timeTicks([])).toEqual([]);
  });

  it('gives both charts the same axis: UTC dates, the data range, the theme colours', () => {
    const props = timeAxisProps([START, START + 30 * DAY]);
    expect(props).toMatchObject({ dataKey: 'time', scale: 'time', domain: ['dataMin', 'dataMax'] });
    expect(props.ticks?.map((tick) => formatAxisDate(Number(tick)))).toEqual([
      'Aug 1',
      'Aug 7',
      'Aug 13',
      'Aug 19',
      'Aug 25',
      'Aug 31',
    ]);
  });

  it('plots micro-USDC as dollars', () => {
    expect(toUnits('1236000000')).toBe(1236);
  });
});
