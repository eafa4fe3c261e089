import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [{ title: 'Keel — Earn yield on your USDC savings' }];

export default function HomeRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Keel</h1>
    </div>
  );
}
