import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { PageHero, PageSection, SampleNote } from '../components/page-parts';
import { TestimonialCard } from '../components/testimonial-card';
import { MORE_TESTIMONIALS } from '../content/testimonials';

export function TestimonialsPage() {
  return (
    <>
      <PageHero eyebrow="Testimonials" title="Stories from savers">
        <p>How people use Keel for emergency funds, tax pots and long-term savings.</p>
      </PageHero>
      <PageSection className="max-w-6xl">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {MORE_TESTIMONIALS.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </div>
        <SampleNote className="mt-6">
          Sample testimonials for illustration. Individual results vary; past returns do not guarantee future results.
        </SampleNote>
        <Button asChild className="mt-8">
          <Link to={paths.getStarted}>Start Saving</Link>
        </Button>
      </PageSection>
    </>
  );
}
