import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [{ title: 'Sign In — Keel' }];

export default function SignInRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Sign In</h1>
    </div>
  );
}
