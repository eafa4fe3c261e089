import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatSignedUsd, formatUsd } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { formatPercent } from '@keel/core/yield-math';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { recentWeekQueryOptions } from '../api/recent-history';

/**
 * The user's real last seven days from chain: what replaces
 * the weekly example block once the indexer found their deposits.
 */
export function RecentWeek() {
  const week = useQuery(recentWeekQueryOptions(true));
  return (
    <Card aria-labelledby="recent-week-title" data-testid="recent-week">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <h2 id="recent-week-title" className="text-lg font-semibold leading-tight">
          Your last 7 days
        </h2>
        <Badge variant="info">On chain</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {week.isPending ? (
          <Spinner label="Loading your week" />
        ) : week.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your last 7 days could not be loaded right now.
          </p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-muted-foreground">Earned</dt>
              <dd className="text-lg font-semibold" data-testid="recent-week-earned">
                {formatSignedUsd(BigInt(week.data.summary.totalEarnings))}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Realised APY</dt>
              <dd className="text-lg font-semibold">
                {week.data.summary.averageApy === null ? '—' : formatPercent(BigInt(week.data.summary.averageApy))}
              </dd>
              {week.data.summary.averageApy === null ? (
                <dd className="text-xs text-muted-foreground">Needs a day of share-price history</dd>
              ) : null}
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Deposited</dt>
              <dd className="text-lg font-semibold" data-testid="recent-week-deposits">
                {formatUsd(BigInt(week.data.summary.totalDeposits))}
              </dd>
            </div>
          </dl>
        )}
        <p className="text-sm text-muted-foreground">
          From your linked wallet’s history on Base.{' '}
          <Link to={paths.performance} className="text-primary underline underline-offset-4">
            See all your performance
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
