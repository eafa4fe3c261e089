import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { ArticleCard } from '../components/article-card';
import { LEARN_ARTICLES } from '../content/articles';

export function LearnSection() {
  return (
    <section id="learn" aria-labelledby="learn-title" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="learn-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Learn and Earn
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Plain-language guides to stablecoins, yield and staying safe on-chain.
        </p>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {LEARN_ARTICLES.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
        <div className="mt-8 text-center">
          <Button asChild variant="outline">
            <Link to={paths.blog}>Explore Blog</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
