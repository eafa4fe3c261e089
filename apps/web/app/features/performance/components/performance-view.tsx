import { Download } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format-date';
import { ACTIVITY_CSV_URL } from '../api/history';
import { usePerformanceHistory } from '../hooks/use-performance-history';
import { ChartCard } from './chart-card';
import { MonthlyStatements } from './monthly-statements';
import { PerformanceEmptyState } from './performance-empty-state';
import { RecentActivity } from './recent-activity';
import { SummaryCards } from './summary-cards';
import { RangeButtons } from './toggle-buttons';
import { VaultBreakdown } from './vault-breakdown';

/** /performance: Vault Performance, from the indexed chain history of the user's linked wallets. */
export function PerformanceView() {
  const { range, setRange, data, state, errorMessage, explorerUrl } = usePerformanceHistory();

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold">Vault Performance</h1>
          <Button asChild variant="outline" size="sm">
            <a href={ACTIVITY_CSV_URL} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
        <p className="text-muted-foreground">
          From your linked wallets&apos; transactions on Base
          {data?.asOf ? <> · as of {formatDateTime(data.asOf)}</> : null}
        </p>
        <RangeButtons value={range} onChange={setRange} />
      </header>

      {errorMessage !== null ? <Alert variant="destructive">{errorMessage} Please try again in a moment.</Alert> : null}
      {data?.stale ? (
        <Alert>The chain could not be read just now: current values use the last recorded share price.</Alert>
      ) : null}
      {data?.indexing ? (
        <p className="text-sm text-muted-foreground" role="status">
          Your history is still being read from the chain; figures will fill in shortly.
        </p>
      ) : null}

      {state === 'loading' ? (
        <div className="flex items-center gap-2 text-muted-foreground">
          <Spinner label="Loading your history" /> Loading your history…
        </div>
      ) : null}
      {state === 'empty' && data ? <PerformanceEmptyState hasWallet={data.walletCount > 0} /> : null}
      {state === 'ready' && data ? (
        <>
          <SummaryCards summary={data.summary} range={range} />
          <ChartCard data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <VaultBreakdown data={data} range={range} />
            <RecentActivity activity={data.activity} explorerUrl={explorerUrl} />
          </div>
        </>
      ) : null}
      {state === 'loading' ? null : <MonthlyStatements />}
    </div>
  );
}
