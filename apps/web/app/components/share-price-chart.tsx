import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime } from '~/lib/format-date';

/*
 * recharts lives only in lazily loaded modules (this one, the performance
 * page's charts): no page downloads it before a chart is drawn, and the
 * landing page never does. Numbers here are for drawing only; every figure
 * shown as text is formatted from the exact integer strings.
 */

export type SharePriceSeries = { name: string; points: { time: string; price: string }[] };

const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 6 });
const AXIS_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/* Theme colours (app.css), so lines, legend and axis text follow the light and dark themes. */
export const VAULT_COLOURS = ['var(--color-chart-1)', 'var(--color-chart-2)', 'var(--color-chart-3)'];
export const AXIS_TEXT = { fill: 'var(--color-muted-foreground)' };
export const AXIS_LINE = 'var(--color-muted-foreground)';
export const GRID_LINE = 'var(--color-border)';
export const TOOLTIP_STYLE = {
  background: 'var(--color-card)',
  borderColor: 'var(--color-border)',
  color: 'var(--color-card-foreground)',
};

/** Micro-units (6 decimals) as a plain number, for plotting. */
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

/** One line per vault: its share price (USDC per share) over time. */
export default function SharePriceChart({ series }: { series: readonly SharePriceSeries[] }) {
  const lines = series.map((entry) => ({
    name: entry.name,
    points: entry.points.map((point) => ({ time: Date.parse(point.time), price: toUnits(point.price) })),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_LINE} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={timeTicks(lines.flatMap((entry) => entry.points.map((point) => point.time)))}
          tickFormatter={formatAxisDate}
          allowDuplicatedCategory={false}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <YAxis
          // A share price moves by fractions of a percent: a tight band around the data, not recharts' zero-based
          // 'auto' (a flat 1.0000 line drew on an axis from -1 to 3).
          domain={[(dataMin: number) => dataMin * 0.999, (dataMax: number) => dataMax * 1.001]}
          tickFormatter={(value: number) => PRICE.format(value)}
          width={72}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <Tooltip
          labelFormatter={formatTooltipTime}
          formatter={(value) => (typeof value === 'number' ? `${PRICE.format(value)} USDC` : value)}
          contentStyle={TOOLTIP_STYLE}
        />
        <Legend />
        {lines.map((entry, index) => (
          <Line
            key={entry.name}
            data={entry.points}
            dataKey="price"
            name={`${entry.name} share price`}
            stroke={VAULT_COLOURS[index % VAULT_COLOURS.length]}
            strokeWidth={2}
            dot={entry.points.length <= 12}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
