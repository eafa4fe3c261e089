import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () => [{ title: 'About — Keel' }];

export default function AboutRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">About Keel</h1>
    </div>
  );
}
