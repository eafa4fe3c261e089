import { TrendingDown, TrendingUp } from 'lucide-react';
import type { PerformanceRangeId } from '@keel/core/constants';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import type { HistoryData } from '../api/history';
import { apyWindowPhrase, vaultBreakdownRows } from '../performance-figures';

/** Each vault's realised APY, the saver's earnings in it and its share-price trend; unverified vaults say so. */
export function VaultBreakdown({
  data,
  range,
}: {
  data: Pick<HistoryData, 'vaults' | 'unavailableVaults'>;
  range: PerformanceRangeId;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Vault Performance Breakdown</h2>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y" aria-label="Vault performance">
          {vaultBreakdownRows(data.vaults).map((vault) => (
            <li key={vault.id} className="flex items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">{vault.name}</p>
                <p className="text-sm text-muted-foreground">
                  {vault.apy} APY <span className="text-xs">({apyWindowPhrase(range)})</span>
                </p>
              </div>
              <div className="text-right">
                <p className="font-medium">{vault.earned}</p>
                <p
                  className={cn(
                    'flex items-center justify-end gap-1 text-sm',
                    vault.isPriceUp ? 'text-success' : 'text-destructive',
                  )}
                >
                  {vault.isPriceUp ? (
                    <TrendingUp className="size-4" aria-label="Trending up" />
                  ) : (
                    <TrendingDown className="size-4" aria-label="Trending down" />
                  )}
                  {vault.priceChange}
                  <span className="sr-only"> share price change</span>
                </p>
              </div>
            </li>
          ))}
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
