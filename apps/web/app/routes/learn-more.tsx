import type { Route } from './+types/learn-more';

export const meta: Route.MetaFunction = () => [{ title: 'Learn More — Keel' }];

export default function LearnMoreRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Learn More</h1>
    </div>
  );
}
