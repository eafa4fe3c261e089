import type { Route } from './+types/auth-callback';

export const meta: Route.MetaFunction = () => [{ title: 'Authenticating — Keel' }];

export default function AuthCallbackRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Authenticating...</h1>
    </div>
  );
}
