import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = () => [{ title: 'Newsletter — Keel' }];

export default function NewsletterRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Newsletter</h1>
    </div>
  );
}
