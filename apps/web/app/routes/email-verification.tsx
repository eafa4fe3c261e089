import type { Route } from './+types/email-verification';

export const meta: Route.MetaFunction = () => [{ title: 'Email Verification — Keel' }];

export default function EmailVerificationRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Email Verification</h1>
    </div>
  );
}
