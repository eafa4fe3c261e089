import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { FaqList } from '../components/faq-list';
import { PageHero, PageSection } from '../components/page-parts';
import { FULL_FAQ } from '../content/faq';
import { COMMUNITY_CHAT_URL } from '../content/site';

export function FaqPage() {
  return (
    <>
      <PageHero eyebrow="FAQ" title="Frequently Asked Questions">
        <p>Straight answers about vaults, yields, fees and risk.</p>
      </PageHero>
      <PageSection className="max-w-3xl">
        <FaqList items={FULL_FAQ} testId="faq-list" headingLevel={2} />
        <div className="mt-10 rounded-xl border bg-muted p-6">
          <h2 className="text-lg font-semibold">Still have questions?</h2>
          <p className="mt-1 text-sm text-muted-foreground">Our team and community are happy to help.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={`${paths.support}#contact`}>Contact Support</Link>
            </Button>
            <Button asChild variant="outline">
              <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
                <MessagesSquare aria-hidden="true" />
                Join the community chat
              </a>
            </Button>
          </div>
        </div>
      </PageSection>
    </>
  );
}
