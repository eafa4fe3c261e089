import { lazy, Suspense, useState } from 'react';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import type { HistoryData } from '../api/history';
import { chartDescription, type ChartView } from '../performance-figures';
import { ToggleButtons } from './toggle-buttons';

// recharts is loaded only when a chart is drawn.
const PerformanceCharts = lazy(() => import('./performance-charts'));

const CHART_VIEWS: readonly { id: ChartView; label: string }[] = [
  { id: 'balance', label: 'Balance' },
  { id: 'share-price', label: 'Share price' },
];

/** The balance chart, or each vault's share price, with a text alternative for screen readers. */
export function ChartCard({ data }: { data: Pick<HistoryData, 'chart' | 'vaults'> }) {
  const [view, setView] = useState<ChartView>('balance');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold leading-tight">
          {view === 'balance' ? 'Your balance over time' : 'Vault share prices'}
        </h2>
        <ToggleButtons label="Chart" options={CHART_VIEWS} value={view} onChange={setView} />
      </CardHeader>
      <CardContent>
        <div className="h-72 w-full" role="img" aria-label={chartDescription(data, view)} data-testid="performance-chart">
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center">
                <Spinner label="Loading chart" />
              </div>
            }
          >
            <PerformanceCharts view={view} chart={data.chart} />
          </Suspense>
        </div>
        {view === 'share-price' ? (
          <p className="mt-3 text-sm text-muted-foreground">
            USDC per share, read from each vault on chain at least hourly. A rising line is yield; realised APY is in the
            breakdown below.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
