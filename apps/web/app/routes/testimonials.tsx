import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { TestimonialsPage } from '~/features/marketing/pages/testimonials-page';
import type { Route } from './+types/testimonials';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Testimonials — Keel',
    description: 'Sample stories from people saving with Keel.',
    path: paths.testimonials,
  });

export default function TestimonialsRoute() {
  return <TestimonialsPage />;
}
