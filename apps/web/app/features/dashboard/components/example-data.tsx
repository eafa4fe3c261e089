import type { ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';
import { SampleBadge } from './sample-badge';

/**
 * The one frame for the sample blocks the dashboards keep: a
 * dashed, labelled area that never reads as the user's own money.
 */
export function ExampleDataArea({ children, note }: { children: ReactNode; note: string }) {
  return (
    <section
      aria-labelledby="example-data-title"
      className="flex flex-col gap-4 rounded-xl border-2 border-dashed border-amber-300 p-4 dark:border-amber-800"
      data-testid="example-data"
    >
      <div className="flex flex-wrap items-center gap-2">
        <FlaskConical className="size-5 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        <h2 id="example-data-title" className="text-lg font-semibold">
          Example data
        </h2>
        <SampleBadge>Not your money</SampleBadge>
      </div>
      <p className="text-sm text-muted-foreground">{note}</p>
      {children}
    </section>
  );
}
