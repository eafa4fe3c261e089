import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { ArticleCard } from '../components/article-card';
import { PageHero, PageSection, SectionHeading } from '../components/page-parts';
import { BLOG_ARTICLES } from '../content/articles';
import { JOBS } from '../content/jobs';

/** /learn: About, Security, Careers and Blog in one page; the shell scrolls to the URL hash. */
export function LearnPage() {
  return (
    <>
      <PageHero eyebrow="Learn" title="Get to know Keel">
        <nav aria-label="On this page" className="mt-2 flex flex-wrap gap-2 text-sm">
          {[
            ['about', 'About'],
            ['security', 'Security'],
            ['careers', 'Careers'],
            ['blog', 'Blog'],
          ].map(([id, label]) => (
            <a key={id} href={`#${id}`} className="rounded-full border bg-background px-3 py-1 text-foreground hover:bg-accent">
              {label}
            </a>
          ))}
        </nav>
      </PageHero>
      <PageSection id="about" aria-labelledby="learn-about">
        <SectionHeading id="learn-about" title="About">
          Keel is a non-custodial savings app for USDC on the Base network. You choose a vault, deposit from your own wallet and
          earn yield from on-chain lending and liquidity, with targets of 5-30% APY that are ranges, not promises.
        </SectionHeading>
        <Button asChild variant="outline">
          <Link to={paths.about}>Our story</Link>
        </Button>
      </PageSection>
      <PageSection id="security" aria-labelledby="learn-security">
        <SectionHeading id="learn-security" title="Security">
          Keel never holds your funds or keys. Account data is encrypted with AES-256 at rest, sign-in attempts are rate limited,
          and every vault transaction is visible on the blockchain. No system is risk-free: smart contracts and stablecoins carry
          risks of their own.
        </SectionHeading>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to={paths.audits}>Security and audits</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.risk}>Risk disclosure</Link>
          </Button>
        </div>
      </PageSection>
      <PageSection id="careers" aria-labelledby="learn-careers">
        <SectionHeading id="learn-careers" title="Careers">
          We are a small remote team. {JOBS.length} roles open soon: {JOBS.map((job) => job.title).join(', ')}.
        </SectionHeading>
        <Button asChild variant="outline">
          <Link to={paths.careers}>See roles</Link>
        </Button>
      </PageSection>
      <PageSection id="blog" aria-labelledby="learn-blog" className="max-w-6xl">
        <SectionHeading id="learn-blog" title="Blog">
          Guides and analysis for savers.
        </SectionHeading>
        <div className="grid gap-6 md:grid-cols-2">
          {BLOG_ARTICLES.filter((article) => article.featured).map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
        <Button asChild variant="outline" className="mt-6">
          <Link to={paths.blog}>Explore Blog</Link>
        </Button>
      </PageSection>
    </>
  );
}
