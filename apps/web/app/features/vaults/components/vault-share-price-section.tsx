import { lazy, Suspense } from 'react';
import type { Vault } from '@keel/core/vaults';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import type { VaultFiguresData } from '../api/vault-figures';

// recharts loads only when the chart is drawn.
const SharePriceChart = lazy(() => import('~/components/share-price-chart'));

export function VaultSharePriceSection({ vault, chart }: { vault: Vault; chart: VaultFiguresData['chart'] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Share price, last 30 days</h2>
        <CardDescription>From the share-price snapshots Keel records from Base (at least hourly).</CardDescription>
      </CardHeader>
      <CardContent>
        {chart.length < 2 ? (
          <p className="text-sm text-muted-foreground">The chart appears once two share-price snapshots are recorded.</p>
        ) : (
          <div className="h-64 w-full" data-testid="vault-share-price-chart">
            <Suspense fallback={<Spinner label="Loading the chart" />}>
              <SharePriceChart series={[{ name: vault.name, points: chart }]} />
            </Suspense>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
