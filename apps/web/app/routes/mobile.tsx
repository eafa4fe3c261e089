import type { Route } from './+types/mobile';

export const meta: Route.MetaFunction = () => [{ title: 'Mobile App — Keel' }];

export default function MobileRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Mobile App</h1>
    </div>
  );
}
