import { Star } from 'lucide-react';
import type { Testimonial } from '../content/testimonials';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
      <div className="flex gap-0.5" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
        {Array.from({ length: 5 }, (_, index) => (
          <Star
            key={index}
            className={index < testimonial.rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-muted-foreground'}
            aria-hidden="true"
          />
        ))}
      </div>
      <blockquote className="mt-4 flex-1 text-sm leading-6">“{testimonial.content}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          className="flex size-10 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
          aria-hidden="true"
        >
          {testimonial.initials}
        </span>
        <span>
          <span className="block text-sm font-semibold">{testimonial.name}</span>
          <span className="block text-xs text-muted-foreground">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
