import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Download, ExternalLink, History, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { DEFAULT_PERFORMANCE_RANGE, PERFORMANCE_RANGES, type PerformanceRangeId } from '@keel/core/constants';
import { formatSignedUsd, formatUsd, shownUsdSign } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/lib/cn';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { ACTIVITY_CSV_URL, historyQueryOptions, type HistoryData } from '../api/history';
import { formatDateTime, formatDay } from '~/lib/format-date';
import { formatFraction, formatMonth } from '../format';
import type { ChartView } from './performance-charts';

// recharts is loaded only when a chart is drawn.
const PerformanceCharts = lazy(() => import('./performance-charts'));

/** A toggle group of buttons where the chosen one is pressed. */
function ToggleButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Button
          key={option.id}
          size="sm"
          variant={option.id === value ? 'default' : 'outline'}
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

/** Time-range buttons (SPEC: 7 Days, 30 Days, 90 Days, 1 Year, All Time). */
export function RangeButtons({ value, onChange }: { value: PerformanceRangeId; onChange: (range: PerformanceRangeId) => void }) {
  return <ToggleButtons label="Time range" options={PERFORMANCE_RANGES} value={value} onChange={onChange} />;
}

const CHART_VIEWS: readonly { id: ChartView; label: string }[] = [
  { id: 'balance', label: 'Balance' },
  { id: 'share-price', label: 'Share price' },
];

function rangePhrase(range: PerformanceRangeId): string {
  return range === 'all'
    ? 'since your first deposit'
    : `in the last ${PERFORMANCE_RANGES.find((entry) => entry.id === range)?.label}`;
}

function SummaryCards({ data, range }: { data: HistoryData; range: PerformanceRangeId }) {
  const { summary } = data;
  const earnings = BigInt(summary.totalEarnings);
  const cards = [
    {
      title: 'Total Earnings',
      value: formatSignedUsd(earnings),
      tone: shownUsdSign(earnings) > 0 ? 'text-success' : shownUsdSign(earnings) < 0 ? 'text-destructive' : '',
      note: `Earned ${rangePhrase(range)}`,
    },
    {
      title: 'Average APY',
      value: formatFraction(summary.averageApy),
      tone: '',
      note:
        summary.averageApy === null
          ? 'Needs a day of share-price history and an open position'
          : 'Realised, weighted by what you hold in each vault',
    },
    {
      title: 'Total Deposits',
      value: formatUsd(BigInt(summary.totalDeposits)),
      tone: '',
      note: `Deposited ${rangePhrase(range)}`,
    },
    {
      title: 'Best Month',
      value: summary.bestMonth ? formatMonth(summary.bestMonth.month) : '—',
      tone: '',
      note: summary.bestMonth ? `${formatSignedUsd(BigInt(summary.bestMonth.amount))} interest` : 'No interest yet in this range',
    },
  ];
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.title}>
          <CardHeader className="gap-1 pb-2">
            <CardDescription>{card.title}</CardDescription>
            <p
              className={cn('text-2xl font-bold', card.tone)}
              data-testid={`summary-${card.title.toLowerCase().replaceAll(' ', '-')}`}
            >
              {card.value}
            </p>
            <p className="text-xs text-muted-foreground">{card.note}</p>
          </CardHeader>
        </Card>
      ))}
    </section>
  );
}

function ChartCard({ data }: { data: HistoryData }) {
  const [view, setView] = useState<ChartView>('balance');
  const first = data.chart.balance[0];
  const last = data.chart.balance.at(-1);
  const deposits = data.chart.markers.filter((marker) => marker.type === 'Deposit').length;
  const withdrawals = data.chart.markers.length - deposits;
  const description =
    view === 'balance'
      ? first && last
        ? `Balance from ${formatUsd(BigInt(first.value))} on ${formatDay(first.time)} to ${formatUsd(BigInt(last.value))} on ${formatDay(last.time)}, with ${deposits} deposits and ${withdrawals} withdrawals marked.`
        : 'No balance to draw yet.'
      : `Share price of each vault over the range: ${data.vaults
          .map((vault) => `${vault.name} ${formatFraction(vault.priceChange, { signed: true })}`)
          .join(', ')}.`;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold leading-tight">
          {view === 'balance' ? 'Your balance over time' : 'Vault share prices'}
        </h2>
        <ToggleButtons label="Chart" options={CHART_VIEWS} value={view} onChange={setView} />
      </CardHeader>
      <CardContent>
        <div className="h-72 w-full" role="img" aria-label={description} data-testid="performance-chart">
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

function VaultBreakdown({ data, range }: { data: HistoryData; range: PerformanceRangeId }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Vault Performance Breakdown</h2>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y" aria-label="Vault performance">
          {data.vaults.map((vault) => {
            const change = vault.priceChange === null ? null : BigInt(vault.priceChange);
            const isUp = change === null || change >= 0n;
            return (
              <li key={vault.id} className="flex items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{vault.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatFraction(vault.realisedApy)} APY{' '}
                    <span className="text-xs">
                      (realised {range === 'all' ? 'over all recorded history' : rangePhrase(range)})
                    </span>
                  </p>
                </div>
                <div className="text-right">
                  <p className="font-medium">
                    {vault.hasPosition ? formatSignedUsd(BigInt(vault.earnedInRange)) : 'No position'}
                  </p>
                  <p className={cn('flex items-center justify-end gap-1 text-sm', isUp ? 'text-success' : 'text-destructive')}>
                    {isUp ? (
                      <TrendingUp className="size-4" aria-label="Trending up" />
                    ) : (
                      <TrendingDown className="size-4" aria-label="Trending down" />
                    )}
                    {formatFraction(vault.priceChange, { signed: true })}
                    <span className="sr-only"> share price change</span>
                  </p>
                </div>
              </li>
            );
          })}
          {data.unavailableVaults.map((vault) => (
            <li key={vault.id} className="flex items-center justify-between gap-3 py-3">
              <p className="font-medium">{vault.name}</p>
              <p className="text-sm text-muted-foreground">Unavailable right now</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function RecentActivity({ data, explorerUrl }: { data: HistoryData; explorerUrl: string | null }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Recent Activity</h2>
      </CardHeader>
      <CardContent>
        {data.activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Recent activity">
            {data.activity.map((row) => {
              const amount = row.type === 'Interest' ? formatSignedUsd(BigInt(row.amount)) : signedAmount(row.amount);
              const href = explorerUrl
                ? row.txHash
                  ? `${explorerUrl}/tx/${row.txHash}`
                  : `${explorerUrl}/address/${row.vaultAddress}`
                : null;
              return (
                <li key={row.id} className="flex items-center justify-between gap-3 py-3" data-testid="activity-row">
                  <div className="flex min-w-0 flex-col gap-1">
                    <Badge variant={row.type === 'Interest' ? 'secondary' : 'outline'} className="w-fit">
                      {row.type}
                    </Badge>
                    <p className="text-sm text-muted-foreground">
                      {row.vault} · {row.isPartialMonth ? `${formatMonth(row.time.slice(0, 7))} so far` : formatDay(row.time)}
                      {row.txHash ? <> · {row.isFromKeel ? 'sent from Keel' : 'made outside Keel'}</> : null}
                    </p>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex w-fit items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
                      >
                        {row.txHash ? 'View transaction' : 'View vault'}
                        <ExternalLink className="size-3" aria-hidden="true" />
                        <span className="sr-only"> on the block explorer (opens in a new tab)</span>
                      </a>
                    ) : null}
                  </div>
                  <p className={cn('shrink-0 font-medium', amount.startsWith('+') ? 'text-success' : 'text-destructive')}>
                    {amount}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Deposit "+$1,000.00", Withdraw "-$400.00": the sign always shows, even for tiny amounts. */
function signedAmount(micro: string): string {
  const value = BigInt(micro);
  return value < 0n ? formatUsd(value) : `+${formatUsd(value)}`;
}

function EmptyState({ data }: { data: HistoryData }) {
  const hasWallet = data.walletCount > 0;
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-6">
        <p className="flex items-center gap-2 font-medium">
          {hasWallet ? (
            <History className="size-5 text-primary" aria-hidden="true" />
          ) : (
            <Wallet className="size-5 text-primary" aria-hidden="true" />
          )}
          {hasWallet ? 'No history yet' : 'Link a wallet to see your history'}
        </p>
        <p className="text-sm text-muted-foreground">
          {hasWallet
            ? 'Deposits into a Keel vault from your linked wallet appear here within seconds of being confirmed on Base, with your earnings and the vaults’ realised APY.'
            : 'Your performance is read from the Base transactions of the wallets linked to your account.'}
        </p>
        <Button asChild variant={hasWallet ? 'outline' : 'default'}>
          <Link to={hasWallet ? paths.vaults : paths.vaultDashboard}>{hasWallet ? 'Choose a vault' : 'Link a wallet'}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /performance: Vault Performance, from the indexed chain history of the user's linked wallets. */
export function PerformanceView() {
  const [range, setRange] = useState<PerformanceRangeId>(DEFAULT_PERFORMANCE_RANGE);
  const query = useQuery({ ...historyQueryOptions(range), placeholderData: keepPreviousData });
  const config = useQuery(publicConfigQueryOptions());
  const data = query.data;
  const explorerUrl = config.data?.explorerUrl ?? null;

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

      {query.isError ? (
        <Alert variant="destructive">
          {query.error instanceof Error ? query.error.message : 'Could not load your history.'} Please try again in a moment.
        </Alert>
      ) : null}
      {data?.stale ? (
        <Alert>The chain could not be read just now: current values use the last recorded share price.</Alert>
      ) : null}
      {data?.indexing ? (
        <p className="text-sm text-muted-foreground" role="status">
          Your history is still being read from the chain; figures will fill in shortly.
        </p>
      ) : null}

      {!data ? (
        query.isError ? null : (
          <div className="flex items-center gap-2 text-muted-foreground">
            <Spinner label="Loading your history" /> Loading your history…
          </div>
        )
      ) : !data.hasHistory ? (
        <EmptyState data={data} />
      ) : (
        <>
          <SummaryCards data={data} range={range} />
          <ChartCard data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <VaultBreakdown data={data} range={range} />
            <RecentActivity data={data} explorerUrl={explorerUrl} />
          </div>
        </>
      )}
    </div>
  );
}
