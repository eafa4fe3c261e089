import { Badge } from '~/components/ui/badge';
import { EmailSignupForm } from '../components/email-signup-form';
import { PageHero, PageSection, SectionHeading } from '../components/page-parts';
import { SOCIAL_LINKS } from '../content/site';
import { NEWSLETTER_PROMISES } from '../landing/newsletter-section';

const RECENT_UPDATES = [
  {
    title: 'How daily compounding works',
    summary: 'Why your vault share price rises a little every day, and how that differs from monthly interest.',
    tag: 'Product',
  },
  {
    title: 'Understanding the 20-30% CAGR target',
    summary: 'Why Growth Reserve is quoted as multi-year growth, and what a bad year can look like.',
    tag: 'Education',
  },
  {
    title: 'The August deposit bonus',
    summary: 'Deposit at least $100 during August for a $10 USDC bonus, one per user, ending Sept 1st.',
    tag: 'Promotion',
  },
] as const;

export function NewsletterPage() {
  return (
    <>
      <PageHero eyebrow="Newsletter" title="The Keel Weekly">
        <p>One short email a week: vault performance, product news and plain-English DeFi explainers.</p>
      </PageHero>
      <PageSection className="max-w-3xl">
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 className="text-lg font-semibold">Subscribe</h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            Join more than 10,000 subscribers. 98% open rate, weekly newsletter.
          </p>
          <EmailSignupForm list="newsletter" submitLabel="Subscribe Now" inputLabel="Email address for the newsletter" />
          <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {NEWSLETTER_PROMISES.map((promise) => (
              <li key={promise.text} className="flex items-center gap-1.5">
                <promise.icon className="size-4 text-primary" aria-hidden="true" />
                {promise.text}
              </li>
            ))}
          </ul>
        </div>
      </PageSection>
      <PageSection className="max-w-3xl" aria-labelledby="recent-updates">
        <SectionHeading id="recent-updates" title="Recent updates" />
        <ul className="grid gap-4">
          {RECENT_UPDATES.map((update) => (
            <li key={update.title} className="rounded-xl border bg-card p-5">
              <Badge variant="secondary">{update.tag}</Badge>
              <h3 className="mt-2 font-semibold">{update.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{update.summary}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection className="max-w-3xl" aria-labelledby="follow">
        <SectionHeading id="follow" title="Follow Keel" />
        <ul className="flex flex-wrap gap-2">
          {SOCIAL_LINKS.map((social) => (
            <li key={social.id}>
              <a
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-10 items-center rounded-md border px-4 text-sm hover:bg-accent"
              >
                {social.label}
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
