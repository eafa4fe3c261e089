import type { Route } from './+types/get-started';

export const meta: Route.MetaFunction = () => [{ title: 'Create Your Account — Keel' }];

export default function GetStartedRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Create Your Account</h1>
    </div>
  );
}
