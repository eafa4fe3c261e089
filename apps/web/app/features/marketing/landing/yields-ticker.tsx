import { Activity } from 'lucide-react';
import { VAULTS } from '@keel/core/vaults';
import { Badge } from '~/components/ui/badge';
import { useYieldTicker, type TickerValues } from '../hooks/use-yield-ticker';

const TIER_KEYS: Record<string, keyof TickerValues> = {
  'everyday-cash': 'everydayCash',
  'smart-savings': 'smartSavings',
  'growth-reserve': 'growthReserve',
};

/** Three tiers refreshing every 5 s; a simulation, and labelled as one. */
export function YieldsTicker() {
  const values = useYieldTicker();
  return (
    <section id="live-yields" aria-labelledby="ticker-title" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <Activity className="size-5 text-primary" aria-hidden="true" />
          <h2 id="ticker-title" className="text-lg font-semibold">
            Yields Ticker
          </h2>
          <Badge variant="warning">Simulated</Badge>
        </div>
        <ul className="grid gap-3 sm:grid-cols-3" data-testid="yields-ticker">
          {VAULTS.map((vault) => {
            const key = TIER_KEYS[vault.id];
            return (
              <li key={vault.id} className="rounded-lg bg-muted px-4 py-3">
                <p className="text-sm text-muted-foreground">{vault.name}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid={`ticker-${vault.id}`}>
                  {key ? values[key].toFixed(1) : '—'}%
                </p>
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">
          Simulation for illustration only: these figures drift randomly every 5 seconds around each vault's target and are not
          live market rates. Actual yields vary and are not guaranteed.
        </p>
      </div>
    </section>
  );
}
