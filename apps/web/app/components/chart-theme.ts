import type { XAxisProps } from 'recharts';
import { formatDateTime } from '~/lib/format-date';

/*
 * What every Keel chart shares: theme colours (app.css), so lines, legend and
 * axis text follow the light and dark themes, and the time axis. No recharts
 * code here (types only), so importing it costs a page nothing.
 */

export const VAULT_COLOURS = ['var(--color-chart-1)', 'var(--color-chart-2)', 'var(--color-chart-3)'];
export const AXIS_TEXT = { fill: 'var(--color-muted-foreground)' };
export const AXIS_LINE = 'var(--color-muted-foreground)';
export const GRID_LINE = 'var(--color-border)';
export const TOOLTIP_STYLE = {
  background: 'var(--color-card)',
  borderColor: 'var(--color-border)',
  color: 'var(--color-card-foreground)',
};
export const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

const AXIS_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Micro-units (6 decimals) as a plain number, for plotting only: figures shown as text use the exact integers. */
export const toUnits = (micro: string) => Number(BigInt(micro)) / 1e6;

export function formatAxisDate(value: number): string {
  return AXIS_DATE.format(new Date(value));
}

export function formatTooltipTime(value: unknown): string {
  return typeof value === 'number' ? formatDateTime(value) : '';
}

/** Evenly spaced time ticks: recharts' own choice collapses to one tick on long, sparse ranges. */
export function timeTicks(times: readonly number[], count = 6): number[] {
  if (times.length === 0) return [];
  const min = Math.min(...times);
  const max = Math.max(...times);
  if (max === min) return [min];
  return Array.from({ length: count }, (_, index) => Math.round(min + ((max - min) * index) / (count - 1)));
}

/** The x axis of a chart over time (epoch milliseconds under `time`), spread onto recharts' `<XAxis>`. */
export function timeAxisProps(times: readonly number[]): XAxisProps {
  return {
    dataKey: 'time',
    type: 'number',
    scale: 'time',
    domain: ['dataMin', 'dataMax'],
    ticks: timeTicks(times),
    tickFormatter: formatAxisDate,
    allowDuplicatedCategory: false,
    tick: AXIS_TEXT,
    stroke: AXIS_LINE,
  };
}
