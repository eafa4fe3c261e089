import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '~/components/ui/collapsible';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { VAULT_DASHBOARD_WEEKS } from '../sample-data';
import { SampleBadge } from './sample-badge';

/** /vault-dashboard's collapsible weekly performance block (hard-coded sample). */
export function WeeklyPerformance() {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold leading-tight">Weekly Performance</h3>
            <SampleBadge />
          </div>
          <CollapsibleTrigger className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {open ? 'Hide' : 'Show'} weekly performance
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </CollapsibleTrigger>
        </CardHeader>
        <CollapsibleContent>
          <CardContent className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">Hard-coded sample figures for illustration; not live vault data.</p>
            <div className="grid gap-4 md:grid-cols-2">
              {VAULT_DASHBOARD_WEEKS.map((week, index) => (
                <section key={week.week} aria-label={`Week of ${week.week}`} className="rounded-lg border p-4">
                  <h4 className="mb-3 font-semibold">
                    {week.week}
                    {index === 0 ? (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">(later example week)</span>
                    ) : null}
                  </h4>
                  <dl className="grid grid-cols-2 gap-2 text-sm">
                    <dt className="text-muted-foreground">1W yield</dt>
                    <dd className="text-right font-medium">{week.oneWeekYield}</dd>
                    <dt className="text-muted-foreground">APY</dt>
                    <dd className="text-right font-medium">{week.apy}</dd>
                    <dt className="text-muted-foreground">TVL</dt>
                    <dd className="text-right font-medium">{week.tvl}</dd>
                    <dt className="text-muted-foreground">Deposits this week</dt>
                    <dd className="text-right font-medium">{week.depositsThisWeek}</dd>
                    {week.sharePrice ? (
                      <>
                        <dt className="text-muted-foreground">Share price</dt>
                        <dd className="text-right font-medium">{week.sharePrice}</dd>
                      </>
                    ) : null}
                  </dl>
                </section>
              ))}
            </div>
          </CardContent>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}
