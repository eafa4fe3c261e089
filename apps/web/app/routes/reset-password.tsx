import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: 'Reset Password — Keel' }];

export default function ResetPasswordRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Reset Password</h1>
    </div>
  );
}
