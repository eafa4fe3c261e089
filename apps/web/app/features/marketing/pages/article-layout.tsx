import { ArrowLeft, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Badge } from '~/components/ui/badge';
import { PageSection, Prose } from '../components/page-parts';

/** Shared frame of the two published articles. */
export function ArticleLayout({
  category,
  title,
  readTime,
  children,
}: {
  category: string;
  title: string;
  readTime: string;
  children: ReactNode;
}) {
  return (
    <article>
      <header className="border-b bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <Link to={paths.helpCenter} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Help Center
          </Link>
          <div className="mt-4 flex items-center gap-3 text-sm text-muted-foreground">
            <Badge variant="secondary">{category}</Badge>
            <span className="flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {readTime}
            </span>
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        </div>
      </header>
      <PageSection className="max-w-3xl">
        <Prose>{children}</Prose>
        <p className="mt-10 max-w-3xl rounded-lg border bg-muted p-4 text-xs text-muted-foreground">
          Educational content, not financial advice. Yields are targets or historical ranges and are not guaranteed. Keel is not a
          bank and deposits are not FDIC insured.
        </p>
      </PageSection>
    </article>
  );
}
