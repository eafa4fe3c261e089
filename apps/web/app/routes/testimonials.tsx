import type { Route } from './+types/testimonials';

export const meta: Route.MetaFunction = () => [{ title: 'Testimonials — Keel' }];

export default function TestimonialsRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Testimonials</h1>
    </div>
  );
}
