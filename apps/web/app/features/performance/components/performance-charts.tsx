import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { HistoryData } from '../api/history';

/*
 * recharts lives only in this module, which the performance page loads with
 * React.lazy: no other page (and never the landing page) downloads it.
 * Numbers here are for drawing only; every figure shown as text elsewhere is
 * formatted from the exact integer strings.
 */

export type ChartView = 'balance' | 'share-price';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 6 });
const AXIS_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const TOOLTIP_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});
/* Theme colours (app.css), so lines, legend and axis text follow the light and dark themes. */
const VAULT_COLOURS = ['var(--color-chart-1)', 'var(--color-chart-2)', 'var(--color-chart-3)'];
const AXIS_TEXT = { fill: 'var(--color-muted-foreground)' };
const AXIS_LINE = 'var(--color-muted-foreground)';
const GRID_LINE = 'var(--color-border)';
const TOOLTIP_STYLE = {
  background: 'var(--color-card)',
  borderColor: 'var(--color-border)',
  color: 'var(--color-card-foreground)',
};

/** Micro-units (6 decimals) as a plain number of dollars, for plotting. */
const toUnits = (micro: string) => Number(BigInt(micro)) / 1e6;

/** Evenly spaced time ticks: recharts' own choice collapses to one tick on long, sparse ranges. */
function timeTicks(times: readonly number[], count = 6): number[] {
  if (times.length === 0) return [];
  const min = Math.min(...times);
  const max = Math.max(...times);
  if (max === min) return [min];
  return Array.from({ length: count }, (_, index) => Math.round(min + ((max - min) * index) / (count - 1)));
}

function formatTime(value: unknown): string {
  return typeof value === 'number' ? TOOLTIP_DATE.format(new Date(value)) : '';
}

function BalanceChart({ chart }: { chart: HistoryData['chart'] }) {
  const balance = chart.balance.map((point) => ({ time: Date.parse(point.time), balance: toUnits(point.value) }));
  const deposits = chart.markers
    .filter((marker) => marker.type === 'Deposit')
    .map((marker) => ({ time: Date.parse(marker.time), balance: toUnits(marker.value) }));
  const withdrawals = chart.markers
    .filter((marker) => marker.type === 'Withdraw')
    .map((marker) => ({ time: Date.parse(marker.time), balance: toUnits(marker.value) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_LINE} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={timeTicks(balance.map((point) => point.time))}
          tickFormatter={(value: number) => AXIS_DATE.format(new Date(value))}
          allowDuplicatedCategory={false}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <YAxis
          dataKey="balance"
          tickFormatter={(value: number) => USD.format(value)}
          width={88}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <Tooltip
          labelFormatter={formatTime}
          formatter={(value) => (typeof value === 'number' ? USD.format(value) : value)}
          contentStyle={TOOLTIP_STYLE}
        />
        <Legend />
        <Line
          data={balance}
          dataKey="balance"
          name="Balance"
          type="stepAfter"
          stroke="var(--color-chart-1)"
          strokeWidth={2}
          dot={balance.length <= 12}
          isAnimationActive={false}
        />
        <Scatter
          data={deposits}
          dataKey="balance"
          name="Deposits"
          fill="var(--color-success)"
          shape="triangle"
          isAnimationActive={false}
        />
        <Scatter
          data={withdrawals}
          dataKey="balance"
          name="Withdrawals"
          fill="var(--color-destructive)"
          shape="diamond"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

function SharePriceChart({ chart }: { chart: HistoryData['chart'] }) {
  const series = chart.sharePrices.map((entry) => ({
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
          ticks={timeTicks(series.flatMap((entry) => entry.points.map((point) => point.time)))}
          tickFormatter={(value: number) => AXIS_DATE.format(new Date(value))}
          allowDuplicatedCategory={false}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <YAxis
          domain={['auto', 'auto']}
          tickFormatter={(value: number) => PRICE.format(value)}
          width={72}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <Tooltip
          labelFormatter={formatTime}
          formatter={(value) => (typeof value === 'number' ? `${PRICE.format(value)} USDC` : value)}
          contentStyle={TOOLTIP_STYLE}
        />
        <Legend />
        {series.map((entry, index) => (
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

export default function PerformanceCharts({ view, chart }: { view: ChartView; chart: HistoryData['chart'] }) {
  return view === 'balance' ? <BalanceChart chart={chart} /> : <SharePriceChart chart={chart} />;
}
