import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { SampleNote } from '../components/page-parts';
import { TestimonialCard } from '../components/testimonial-card';
import { TESTIMONIALS } from '../content/testimonials';

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="testimonials-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What Savers Say
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <SampleNote>
            Sample testimonials for illustration. Individual results vary; past returns do not guarantee future results.
          </SampleNote>
          <Link to={paths.testimonials} className="text-sm font-medium text-primary hover:underline">
            Read more stories
          </Link>
        </div>
      </div>
    </section>
  );
}
