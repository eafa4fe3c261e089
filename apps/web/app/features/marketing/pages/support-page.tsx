import { Clock, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { ContactForm } from '../components/contact-form';
import { PageHero, PageSection, SectionHeading } from '../components/page-parts';
import { HELP_CATEGORIES } from '../content/help-center';

/** /support: Help Center and Contact sections; the shell scrolls to #contact and friends. */
export function SupportPage() {
  return (
    <>
      <PageHero eyebrow="Support" title="We're here to help">
        <p>Find an answer in the Help Center, or send us a message.</p>
      </PageHero>
      <PageSection id="help-center" aria-labelledby="support-help">
        <SectionHeading id="support-help" title="Help Center">
          Guides for every step, from your first deposit to withdrawing.
        </SectionHeading>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_CATEGORIES.map((category) => (
            <li key={category.id} className="rounded-xl border bg-card p-5">
              <h3 className="font-semibold">{category.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{category.description}</p>
            </li>
          ))}
        </ul>
        <Button asChild variant="outline" className="mt-6">
          <Link to={paths.helpCenter}>Visit the Help Center</Link>
        </Button>
      </PageSection>
      <PageSection id="contact" aria-labelledby="support-contact">
        <SectionHeading id="support-contact" title="Contact Us">
          Tell us what you need and we will reply by email.
        </SectionHeading>
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <ContactForm />
          </div>
          <aside className="grid content-start gap-4 text-sm">
            <p className="flex gap-2">
              <Clock className="size-4 shrink-0 text-primary" aria-hidden="true" />
              We usually reply within one business day.
            </p>
            <p className="flex gap-2">
              <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />
              We will never ask for your password or seed phrase. Do not include them in a message.
            </p>
          </aside>
        </div>
      </PageSection>
    </>
  );
}
