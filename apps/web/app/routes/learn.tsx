import type { Route } from './+types/learn';

export const meta: Route.MetaFunction = () => [{ title: 'Learn — Keel' }];

export default function LearnRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Learn</h1>
    </div>
  );
}
