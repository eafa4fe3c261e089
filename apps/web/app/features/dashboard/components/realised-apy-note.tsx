import { useQuery } from '@tanstack/react-query';
import { formatPercent } from '@keel/core/yield-math';
import { historyOverviewQueryOptions } from '~/lib/history-overview';

/**
 * A vault's own realised 30-day APY (from its indexed share price), labelled,
 * next to the catalogue's target range. Nothing until the vault has
 * a day of history.
 *
 * The page around it (the dashboard's totals, the vault dashboard) owns the
 * overview's freshness and a confirmed transfer invalidates it, so a note that
 * appears reads what is cached instead of asking again (each history read counts
 * against the user's LIMIT_HISTORY_MAX); with nothing cached it asks itself.
 */
export function RealisedApyNote({ vaultId }: { vaultId: string }) {
  const query = useQuery({ ...historyOverviewQueryOptions(), refetchOnMount: false });
  const apy = query.data?.vaults.find((vault) => vault.id === vaultId)?.realisedApy30d ?? null;
  if (apy === null) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid={`realised-apy-${vaultId}`}>
      Realised APY, last 30 days: {formatPercent(BigInt(apy))} (target above, not a promise)
    </p>
  );
}
