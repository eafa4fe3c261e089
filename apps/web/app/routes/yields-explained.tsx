import type { Route } from './+types/yields-explained';

export const meta: Route.MetaFunction = () => [{ title: 'How Yields Are Generated — Keel' }];

export default function YieldsExplainedRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">How Yields Are Generated</h1>
    </div>
  );
}
