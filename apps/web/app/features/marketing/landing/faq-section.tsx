import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { FaqList } from '../components/faq-list';
import { HOME_FAQ } from '../content/faq';

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Frequently Asked Questions
      </h2>
      <div className="mt-8">
        <FaqList items={HOME_FAQ} testId="home-faq" />
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        More answers in the{' '}
        <Link to={paths.faq} className="text-primary underline">
          full FAQ
        </Link>{' '}
        and the{' '}
        <Link to={paths.helpCenter} className="text-primary underline">
          Help Center
        </Link>
        .
      </p>
    </section>
  );
}
