import type { Route } from './+types/legal-terms';

export const meta: Route.MetaFunction = () => [{ title: 'Terms of Service — Keel' }];

export default function LegalTermsRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Terms of Service</h1>
    </div>
  );
}
