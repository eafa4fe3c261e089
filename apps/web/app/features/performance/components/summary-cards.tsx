import type { PerformanceRangeId } from '@keel/core/constants';
import { Card, CardDescription, CardHeader } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import type { HistoryData } from '../api/history';
import { summaryCards, type Tone } from '../performance-figures';

const TONE_CLASS: Record<Tone, string> = { positive: 'text-success', negative: 'text-destructive', neutral: '' };

export function SummaryCards({ summary, range }: { summary: HistoryData['summary']; range: PerformanceRangeId }) {
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {summaryCards(summary, range).map((card) => (
        <Card key={card.title}>
          <CardHeader className="gap-1 pb-2">
            <CardDescription>{card.title}</CardDescription>
            <p className={cn('text-2xl font-bold', TONE_CLASS[card.tone])} data-testid={card.testId}>
              {card.value}
            </p>
            <p className="text-xs text-muted-foreground">{card.note}</p>
          </CardHeader>
        </Card>
      ))}
    </section>
  );
}
