import type { Route } from './+types/support';

export const meta: Route.MetaFunction = () => [{ title: 'Support — Keel' }];

export default function SupportRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Support</h1>
    </div>
  );
}
