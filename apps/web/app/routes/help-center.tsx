import type { Route } from './+types/help-center';

export const meta: Route.MetaFunction = () => [{ title: 'Help Center — Keel' }];

export default function HelpCenterRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Help Center</h1>
    </div>
  );
}
