import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  AXIS_LINE,
  AXIS_TEXT,
  CHART_MARGIN,
  GRID_LINE,
  TOOLTIP_STYLE,
  VAULT_COLOURS,
  formatTooltipTime,
  timeAxisProps,
  toUnits,
} from './chart-theme';

/*
 * recharts lives only in lazily loaded modules (this one, the performance
 * page's charts): no page downloads it before a chart is drawn, and the
 * landing page never does.
 */

export type SharePriceSeries = { name: string; points: { time: string; price: string }[] };

const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 6 });

/** One line per vault: its share price (USDC per share) over time. */
export default function SharePriceChart({ series }: { series: readonly SharePriceSeries[] }) {
  const lines = series.map((entry) => ({
    name: entry.name,
    points: entry.points.map((point) => ({ time: Date.parse(point.time), price: toUnits(point.price) })),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart margin={CHART_MARGIN}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_LINE} />
        <XAxis {...timeAxisProps(lines.flatMap((entry) => entry.points.map((point) => point.time)))} />
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
