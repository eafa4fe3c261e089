import { TestimonialsPage } from '~/features/marketing/pages/testimonials-page';
import type { Route } from './+types/testimonials';

export const meta: Route.MetaFunction = () => [
  { title: 'Testimonials — Keel' },
  { name: 'description', content: 'Sample stories from people saving with Keel.' },
];

export default function TestimonialsRoute() {
  return <TestimonialsPage />;
}
