import type { Route } from './+types/performance';

export const meta: Route.MetaFunction = () => [{ title: 'Vault Performance — Keel' }];

export default function PerformanceRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Vault Performance</h1>
    </div>
  );
}
