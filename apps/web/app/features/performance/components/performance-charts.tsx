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
import { walletPoints, type ChartView } from '../performance-figures';

/*
 * recharts lives only in this module and the shared share-price chart, which
 * the performance and vault pages load with React.lazy: no other page (and never
 * the landing page) downloads it. Numbers here are for drawing only; every figure
 * shown as text elsewhere is formatted from the exact integer strings.
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The markers of one type, each where it sits on its line. */
function markersOf(chart: HistoryData['chart'], type: HistoryData['chart']['markers'][number]['type']) {
  return chart.markers
    .filter((marker) => marker.type === type)
    .map((marker) => ({ time: Date.parse(marker.time), balance: toUnits(marker.value) }));
}

/** What the vaults hold, and beside it the USDC in the saver's own addresses ("Ready to deposit"). */
function BalanceChart({ chart }: { chart: HistoryData['chart'] }) {
  const balance = chart.balance.map((point) => ({ time: Date.parse(point.time), balance: toUnits(point.value) }));
  const wallet = walletPoints(chart).map((point) => ({ time: Date.parse(point.time), balance: toUnits(point.wallet) }));
  const deposits = markersOf(chart, 'Deposit');
  const withdrawals = markersOf(chart, 'Withdraw');
  const received = markersOf(chart, 'Received');
  const sent = markersOf(chart, 'Sent');
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
        {wallet.length > 0 ? (
          <Line
            data={wallet}
            dataKey="balance"
            name="Ready to deposit"
            type="stepAfter"
            stroke="var(--color-chart-2)"
            strokeWidth={2}
            dot={wallet.length <= 12}
            isAnimationActive={false}
          />
        ) : null}
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
        {received.length > 0 ? (
          <Scatter
            data={received}
            dataKey="balance"
            name="Received"
            fill="var(--color-chart-2)"
            shape="star"
            isAnimationActive={false}
          />
        ) : null}
        {sent.length > 0 ? (
          <Scatter
            data={sent}
            dataKey="balance"
            name="Sent"
            fill="var(--color-chart-3)"
            shape="square"
            isAnimationActive={false}
          />
        ) : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export default function PerformanceCharts({ view, chart }: { view: ChartView; chart: HistoryData['chart'] }) {
  return view === 'balance' ? <BalanceChart chart={chart} /> : <SharePriceChart series={chart.sharePrices} />;
}
