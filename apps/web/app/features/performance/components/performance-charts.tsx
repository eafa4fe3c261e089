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
const VAULT_COLOURS = ['#0f766e', '#7c3aed', '#c2410c'];

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
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={timeTicks(balance.map((point) => point.time))}
          tickFormatter={(value: number) => AXIS_DATE.format(new Date(value))}
          allowDuplicatedCategory={false}
        />
        <YAxis dataKey="balance" tickFormatter={(value: number) => USD.format(value)} width={88} />
        <Tooltip labelFormatter={formatTime} formatter={(value) => (typeof value === 'number' ? USD.format(value) : value)} />
        <Legend />
        <Line
          data={balance}
          dataKey="balance"
          name="Balance"
          type="stepAfter"
          stroke="#0f766e"
          strokeWidth={2}
          dot={balance.length <= 12}
          isAnimationActive={false}
        />
        <Scatter data={deposits} dataKey="balance" name="Deposits" fill="#15803d" shape="triangle" isAnimationActive={false} />
        <Scatter
          data={withdrawals}
          dataKey="balance"
          name="Withdrawals"
          fill="#b91c1c"
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
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={timeTicks(series.flatMap((entry) => entry.points.map((point) => point.time)))}
          tickFormatter={(value: number) => AXIS_DATE.format(new Date(value))}
          allowDuplicatedCategory={false}
        />
        <YAxis domain={['auto', 'auto']} tickFormatter={(value: number) => PRICE.format(value)} width={72} />
        <Tooltip
          labelFormatter={formatTime}
          formatter={(value) => (typeof value === 'number' ? `${PRICE.format(value)} USDC` : value)}
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
