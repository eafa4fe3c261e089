import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Badge } from '~/components/ui/badge';
import type { Article } from '../content/articles';

/** An article teaser marked Coming Soon; it opens the article when one exists, else the blog. */
export function ArticleCard({ article, headingLevel = 3 }: { article: Article; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm focus-within:ring-2 focus-within:ring-ring">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{article.category}</Badge>
        <Badge variant="outline">Coming Soon</Badge>
      </div>
      <Heading className="mt-4 font-semibold leading-snug">
        <Link to={article.url ?? paths.blog} className="after:absolute after:inset-0 focus-visible:outline-none">
          {article.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm text-muted-foreground">{article.excerpt}</p>
      <p className="mt-4 flex items-center gap-1 text-xs text-muted-foreground">
        <Clock className="size-3.5" aria-hidden="true" />
        {article.readTime} · {article.author}
      </p>
    </article>
  );
}
