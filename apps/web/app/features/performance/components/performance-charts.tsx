import { CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
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
import type { ChartView } from '../performance-figures';

/*
 * recharts lives only in this module and the shared share-price chart, which
 * the performance and vault pages load with React.lazy: no other page (and never
 * the landing page) downloads it. Numbers here are for drawing only; every figure
 * shown as text elsewhere is formatted from the exact integer strings.
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

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

export default function PerformanceCharts({ view, chart }: { view: ChartView; chart: HistoryData['chart'] }) {
  return view === 'balance' ? <BalanceChart chart={chart} /> : <SharePriceChart series={chart.sharePrices} />;
}
