import { useQuery } from '@tanstack/react-query';
import { formatSignedUsd } from '@keel/core/money';
import { formatPercent } from '@keel/core/yield-math';
import { Card, CardDescription, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { historyOverviewQueryOptions } from '~/lib/history-overview';

/**
 * The dashboard's on-chain figures (issue 12), beside the recorded deposits'
 * spec estimates: what the user's linked wallets earned in the vaults since
 * their first deposit, and the realised 30-day APY weighted by what they hold.
 * Both come from the server's indexed chain history.
 */
export function OnChainEarnings() {
  const query = useQuery(historyOverviewQueryOptions());
  const overview = query.data;
  if (!overview || overview.walletCount === 0 || !overview.hasHistory) return null;
  const earned = BigInt(overview.earnedAllTime);
  return (
    <section aria-label="On-chain earnings" className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader className="gap-1">
          <CardDescription>Total Earnings (on chain)</CardDescription>
          <p
            className={cn('text-3xl font-bold', earned > 0n ? 'text-success' : earned < 0n ? 'text-destructive' : '')}
            data-testid="stat-on-chain-earnings"
          >
            {formatSignedUsd(earned)}
          </p>
          <p className="text-xs text-muted-foreground">Earned since first deposit</p>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader className="gap-1">
          <CardDescription>Average APY (on chain)</CardDescription>
          <p className="text-3xl font-bold" data-testid="stat-on-chain-apy">
            {overview.realisedApy30d === null ? '—' : formatPercent(BigInt(overview.realisedApy30d))}
          </p>
          <p className="text-xs text-muted-foreground">
            {overview.realisedApy30d === null
              ? 'Realised APY, last 30 days: needs a day of history'
              : 'Realised APY, last 30 days'}
          </p>
        </CardHeader>
      </Card>
    </section>
  );
}

/** A vault's own realised 30-day APY (from its share price), labelled, next to the spec's target range. */
export function RealisedApyNote({ vaultId }: { vaultId: string }) {
  const query = useQuery(historyOverviewQueryOptions());
  const apy = query.data?.vaults.find((vault) => vault.id === vaultId)?.realisedApy30d ?? null;
  if (apy === null) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid={`realised-apy-${vaultId}`}>
      Realised APY, last 30 days: {formatPercent(BigInt(apy))} (target above, not a promise)
    </p>
  );
}
