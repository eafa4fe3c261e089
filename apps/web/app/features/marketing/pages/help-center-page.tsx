import { FileText, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useEarlyInput } from '~/hooks/use-early-input';
import { FaqList } from '../components/faq-list';
import { PageHero, PageSection, SectionHeading } from '../components/page-parts';
import { HELP_FAQ } from '../content/faq';
import { HELP_CATEGORIES, filterHelpCategories } from '../content/help-center';

export function HelpCenterPage() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  // On a slow phone the search box is there before the code: what was typed into it filters once React runs.
  const earlyInput = useEarlyInput((typed) => setQuery(typed.q ?? ''));
  const categories = filterHelpCategories(HELP_CATEGORIES, query);
  return (
    <>
      <PageHero eyebrow="Help Center" title="How can we help?">
        <form
          className="relative mt-2 max-w-xl"
          role="search"
          // The list filters as the saver types; Enter has nothing more to do.
          onSubmit={(event) => event.preventDefault()}
          {...earlyInput}
        >
          <Label htmlFor={searchId} className="sr-only">
            Search help articles
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            name="q"
            type="search"
            placeholder="Search categories and articles"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-9"
          />
        </form>
      </PageHero>
      <PageSection aria-labelledby="help-categories">
        <SectionHeading id="help-categories" title="Browse by category" />
        <p className="sr-only" aria-live="polite">
          {categories.length} {categories.length === 1 ? 'category' : 'categories'} found
        </p>
        {categories.length === 0 ? (
          <p className="rounded-xl border bg-card p-6 text-muted-foreground" data-testid="help-no-results">
            No results for “{query.trim()}”. Try another word, or{' '}
            <Link to={`${paths.support}#contact`} className="text-primary underline">
              contact support
            </Link>
            .
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="help-categories">
            {categories.map((category) => (
              <section
                key={category.id}
                aria-labelledby={`cat-${category.id}`}
                className="rounded-xl border bg-card p-6 shadow-sm"
              >
                <h3 id={`cat-${category.id}`} className="font-semibold">
                  {category.title}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{category.description}</p>
                <ul className="mt-4 grid gap-2 text-sm">
                  {category.articles.map((article) => (
                    <li key={article.title} className="flex items-start gap-2">
                      <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      {article.url ? (
                        <Link to={article.url} className="text-primary hover:underline">
                          {article.title}
                        </Link>
                      ) : (
                        <span className="text-muted-foreground" aria-disabled="true">
                          {article.title} <span className="text-xs">(Coming Soon)</span>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </PageSection>
      <PageSection aria-labelledby="help-faq" className="max-w-3xl">
        <SectionHeading id="help-faq" title="Common questions" />
        <FaqList items={HELP_FAQ} testId="help-faq" />
        <div className="mt-8 rounded-xl border bg-muted p-6">
          <h3 className="font-semibold">Still need help?</h3>
          <p className="mt-1 text-sm text-muted-foreground">Our support team usually replies within one business day.</p>
          <Button asChild className="mt-4">
            <Link to={`${paths.support}#contact`}>Contact Support</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
