import { ExternalLink } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import type { HistoryData } from '../api/history';
import { activityRow } from '../performance-figures';

/** Deposits, withdrawals and monthly interest, newest first, each linked to the block explorer. */
export function RecentActivity({ activity, explorerUrl }: { activity: HistoryData['activity']; explorerUrl: string | null }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Recent Activity</h2>
      </CardHeader>
      <CardContent>
        {activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Recent activity">
            {activity.map((entry) => {
              const row = activityRow(entry, explorerUrl);
              return (
                <li key={row.id} className="flex items-center justify-between gap-3 py-3" data-testid="activity-row">
                  <div className="flex min-w-0 flex-col gap-1">
                    <Badge variant={row.type === 'Interest' ? 'secondary' : 'outline'} className="w-fit">
                      {row.type}
                    </Badge>
                    <p className="text-sm text-muted-foreground">
                      {row.vault} · {row.when}
                      {row.origin ? <> · {row.origin}</> : null}
                    </p>
                    {row.link ? (
                      <a
                        href={row.link.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex w-fit items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
                      >
                        {row.link.label}
                        <ExternalLink className="size-3" aria-hidden="true" />
                        <span className="sr-only"> on the block explorer (opens in a new tab)</span>
                      </a>
                    ) : null}
                  </div>
                  <p className={cn('shrink-0 font-medium', row.isCredit ? 'text-success' : 'text-destructive')}>{row.amount}</p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
