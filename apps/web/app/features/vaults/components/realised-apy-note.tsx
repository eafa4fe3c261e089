import { useQuery } from '@tanstack/react-query';
import { formatPercent } from '@keel/core/yield-math';
import { historyOverviewQueryOptions } from '~/lib/history-overview';

/**
 * A vault's own realised 30-day APY (from its indexed share price), labelled,
 * next to the spec's target range (issue 12 item 8). Nothing until the vault has
 * a day of history.
 */
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
