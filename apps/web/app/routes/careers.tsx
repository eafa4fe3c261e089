import type { Route } from './+types/careers';

export const meta: Route.MetaFunction = () => [{ title: 'Careers — Keel' }];

export default function CareersRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Careers</h1>
    </div>
  );
}
