import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = () => [{ title: 'FAQ — Keel' }];

export default function FaqRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Frequently Asked Questions</h1>
    </div>
  );
}
