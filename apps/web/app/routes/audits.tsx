import type { Route } from './+types/audits';

export const meta: Route.MetaFunction = () => [{ title: 'Security — Keel' }];

export default function AuditsRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Security</h1>
    </div>
  );
}
