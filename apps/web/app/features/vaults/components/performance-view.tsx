import { useState } from 'react';
import { BarChart3, TrendingDown, TrendingUp } from 'lucide-react';
import { DEFAULT_PERFORMANCE_RANGE, PERFORMANCE_RANGES, type PerformanceRangeId } from '@keel/core/constants';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { PERFORMANCE_SUMMARIES, RECENT_ACTIVITY, VAULT_PERFORMANCE } from '../sample-data';
import { SampleBadge } from './sample-badge';

/** Time-range buttons: a toggle group where the chosen range is pressed. */
export function RangeButtons({ value, onChange }: { value: PerformanceRangeId; onChange: (range: PerformanceRangeId) => void }) {
  return (
    <div role="group" aria-label="Time range" className="flex flex-wrap gap-2">
      {PERFORMANCE_RANGES.map((range) => (
        <Button
          key={range.id}
          size="sm"
          variant={range.id === value ? 'default' : 'outline'}
          aria-pressed={range.id === value}
          onClick={() => onChange(range.id)}
        >
          {range.label}
        </Button>
      ))}
    </div>
  );
}

/** /performance: Vault Performance. All figures are local sample data. */
export function PerformanceView() {
  const [range, setRange] = useState<PerformanceRangeId>(DEFAULT_PERFORMANCE_RANGE);
  const summary = PERFORMANCE_SUMMARIES[range];
  const rangeLabel = PERFORMANCE_RANGES.find((entry) => entry.id === range)?.label ?? '';
  const cards = [
    { title: 'Total Earnings', value: summary.totalEarnings },
    { title: 'Average APY', value: summary.avgAPY },
    { title: 'Total Deposits', value: summary.totalDeposits },
    { title: 'Best Month', value: summary.bestMonth },
  ];

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">Vault Performance</h1>
          <SampleBadge />
        </div>
        <p className="text-muted-foreground">
          Every figure on this page is sample data for illustration, not your account&apos;s live performance.
        </p>
        <RangeButtons value={range} onChange={setRange} />
      </header>

      <section aria-label={`Summary for ${rangeLabel}`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <Card key={card.title}>
            <CardHeader className="pb-2">
              <CardDescription>{card.title}</CardDescription>
              <p className="text-2xl font-bold">{card.value}</p>
              <p className="text-xs text-muted-foreground">{rangeLabel} (sample)</p>
            </CardHeader>
          </Card>
        ))}
      </section>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">Performance chart</h2>
        </CardHeader>
        <CardContent>
          <div className="flex h-56 flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted text-muted-foreground">
            <BarChart3 className="size-8" aria-hidden="true" />
            <p>Performance chart will be displayed here</p>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <h2 className="text-lg font-semibold leading-tight">Vault Performance Breakdown</h2>
            <SampleBadge />
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col divide-y">
              {VAULT_PERFORMANCE.map((row) => (
                <li key={row.name} className="flex items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">{row.name}</p>
                    <p className="text-sm text-muted-foreground">{row.apy} APY</p>
                  </div>
                  <div className="text-right">
                    <p className="font-medium">{row.earnings}</p>
                    <p
                      className={cn(
                        'flex items-center justify-end gap-1 text-sm',
                        row.trend === 'up' ? 'text-success' : 'text-destructive',
                      )}
                    >
                      {row.trend === 'up' ? (
                        <TrendingUp className="size-4" aria-label="Trending up" />
                      ) : (
                        <TrendingDown className="size-4" aria-label="Trending down" />
                      )}
                      {row.change}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <h2 className="text-lg font-semibold leading-tight">Recent Activity</h2>
            <SampleBadge />
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col divide-y" aria-label="Recent activity">
              {RECENT_ACTIVITY.map((row) => (
                <li key={`${row.date}-${row.type}-${row.vault}`} className="flex items-center justify-between gap-3 py-3">
                  <div className="flex flex-col gap-1">
                    <Badge variant={row.type === 'Interest' ? 'secondary' : 'outline'} className="w-fit">
                      {row.type}
                    </Badge>
                    <p className="text-sm text-muted-foreground">
                      {row.vault} · {row.date}
                    </p>
                  </div>
                  <p className={cn('font-medium', row.amount.startsWith('+') ? 'text-success' : 'text-destructive')}>
                    {row.amount}
                  </p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
