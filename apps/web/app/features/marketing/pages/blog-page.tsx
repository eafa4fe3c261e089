import { useState } from 'react';
import { cn } from '~/lib/cn';
import { ArticleCard } from '../components/article-card';
import { PageHero, PageSection, SectionHeading } from '../components/page-parts';
import { BLOG_ARTICLES, BLOG_CATEGORIES } from '../content/articles';

type Category = (typeof BLOG_CATEGORIES)[number];

export function BlogPage() {
  // The chips highlight a choice but do not filter (every article is Coming Soon).
  const [category, setCategory] = useState<Category>('All');
  const featured = BLOG_ARTICLES.filter((article) => article.featured);
  const others = BLOG_ARTICLES.filter((article) => !article.featured);
  return (
    <>
      <PageHero eyebrow="Blog" title="Keel Blog">
        <p>Guides, strategy and analysis for savers. New articles are on the way.</p>
      </PageHero>
      <PageSection className="max-w-6xl">
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          {BLOG_CATEGORIES.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
              className={cn(
                'rounded-full border px-4 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                category === name ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
              )}
            >
              {name}
            </button>
          ))}
        </div>
      </PageSection>
      <PageSection className="max-w-6xl" aria-labelledby="featured">
        <SectionHeading id="featured" title="Featured" />
        <div className="grid gap-6 md:grid-cols-2" data-testid="featured-articles">
          {featured.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      </PageSection>
      <PageSection className="max-w-6xl" aria-labelledby="latest">
        <SectionHeading id="latest" title="Latest articles" />
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4" data-testid="other-articles">
          {others.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      </PageSection>
    </>
  );
}
