import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
  type SymbolType,
} from 'recharts';
import {
  AXIS_LINE,
  AXIS_TEXT,
  CHART_MARGIN,
  GRID_LINE,
  TOOLTIP_STYLE,
  formatTooltipTime,
  timeAxisProps,
  toUnits,
} from '~/components/chart-theme';
import SharePriceChart from '~/components/share-price-chart';
import type { HistoryData } from '../api/history';
import { walletPoints, type ChartView } from '../performance-figures';

/*
 * recharts lives only in this module and the shared share-price chart, which
 * the performance and vault pages load with React.lazy: no other page (and never
 * the landing page) downloads it. Numbers here are for drawing only; every figure
 * shown as text elsewhere is formatted from the exact integer strings.
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

type MarkerType = HistoryData['chart']['markers'][number]['type'];

/** The markers of one type, each where it sits on its line. */
function markersOf(chart: HistoryData['chart'], type: MarkerType) {
  return chart.markers
    .filter((marker) => marker.type === type)
    .map((marker) => ({ time: Date.parse(marker.time), balance: toUnits(marker.value) }));
}

/** The markers, in the legend's order; Received and Sent only when there are some (most savers have none). */
const MARKERS: readonly { type: MarkerType; name: string; fill: string; shape: SymbolType; always: boolean }[] = [
  { type: 'Deposit', name: 'Deposits', fill: 'var(--color-success)', shape: 'triangle', always: true },
  { type: 'Withdraw', name: 'Withdrawals', fill: 'var(--color-destructive)', shape: 'diamond', always: true },
  { type: 'Received', name: 'Received', fill: 'var(--color-chart-2)', shape: 'star', always: false },
  { type: 'Sent', name: 'Sent', fill: 'var(--color-chart-3)', shape: 'square', always: false },
];

type Point = { time: number; balance: number };

/** A balance over time: it changes only at a movement, so it steps. A direct child of the chart (recharts). */
function stepLine(data: Point[], name: string, stroke: string) {
  return (
    <Line
      key={name}
      data={data}
      dataKey="balance"
      name={name}
      type="stepAfter"
      stroke={stroke}
      strokeWidth={2}
      dot={data.length <= 12}
      isAnimationActive={false}
    />
  );
}

/** What the vaults hold, and beside it the USDC in the saver's own addresses ("Ready to deposit"). */
function BalanceChart({ chart }: { chart: HistoryData['chart'] }) {
  const balance = chart.balance.map((point) => ({ time: Date.parse(point.time), balance: toUnits(point.value) }));
  const wallet = walletPoints(chart).map((point) => ({ time: Date.parse(point.time), balance: toUnits(point.wallet) }));
  const markers = MARKERS.map((marker) => ({ ...marker, data: markersOf(chart, marker.type) })).filter(
    (marker) => marker.always || marker.data.length > 0,
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart margin={CHART_MARGIN}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_LINE} />
        <XAxis {...timeAxisProps(balance.map((point) => point.time))} />
        <YAxis
          dataKey="balance"
          tickFormatter={(value: number) => USD.format(value)}
          width={88}
          tick={AXIS_TEXT}
          stroke={AXIS_LINE}
        />
        <Tooltip
          labelFormatter={formatTooltipTime}
          formatter={(value) => (typeof value === 'number' ? USD.format(value) : value)}
          contentStyle={TOOLTIP_STYLE}
        />
        <Legend />
        {stepLine(balance, 'Balance', 'var(--color-chart-1)')}
        {wallet.length > 0 ? stepLine(wallet, 'Ready to deposit', 'var(--color-chart-2)') : null}
        {markers.map((marker) => (
          <Scatter
            key={marker.type}
            data={marker.data}
            dataKey="balance"
            name={marker.name}
            fill={marker.fill}
            shape={marker.shape}
            isAnimationActive={false}
          />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export default function PerformanceCharts({ view, chart }: { view: ChartView; chart: HistoryData['chart'] }) {
  return view === 'balance' ? <BalanceChart chart={chart} /> : <SharePriceChart series={chart.sharePrices} />;
}
