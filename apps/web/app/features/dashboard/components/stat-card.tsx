import { Fragment } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card, CardDescription, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { POSITIONS_FAILED_MESSAGE } from '~/lib/positions';
import type { TotalPart, Tone } from '../dashboard-totals';

const TONE_CLASS: Record<Tone, string> = { neutral: '', positive: 'text-success', negative: 'text-destructive' };

export function StatCard({
  title,
  value,
  note,
  tone = 'neutral',
  parts = [],
  hint = null,
}: {
  title: string;
  value: React.ReactNode;
  note: string;
  tone?: Tone;
  parts?: readonly TotalPart[];
  hint?: string | null;
}) {
  return (
    <Card>
      <CardHeader className="gap-1">
        <CardDescription>{title}</CardDescription>
        <div
          className={cn('text-3xl font-bold', TONE_CLASS[tone])}
          data-testid={`stat-${title.toLowerCase().replaceAll(' ', '-')}`}
        >
          {value}
        </div>
        <p className="text-xs text-muted-foreground">{note}</p>
        {parts.length > 0 ? (
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t pt-2 text-sm">
            {parts.map((part) => (
              <Fragment key={part.testId}>
                <dt className="text-muted-foreground">{part.label}</dt>
                <dd className={cn('text-right font-medium', TONE_CLASS[part.tone])} data-testid={part.testId}>
                  {part.value}
                </dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardHeader>
    </Card>
  );
}

/** A failed chain read is said on the card, never shown as $0.00. */
export function ReadFailed({ onRefresh, isRefreshing }: { onRefresh: () => void; isRefreshing: boolean }) {
  return (
    <p role="alert" className="flex flex-wrap items-center gap-x-2 text-base font-medium text-destructive">
      {POSITIONS_FAILED_MESSAGE} —{' '}
      <Button variant="link" className="h-auto p-0 text-base" onClick={onRefresh} disabled={isRefreshing}>
        <RefreshCw aria-hidden="true" />
        Refresh
      </Button>
    </p>
  );
}
