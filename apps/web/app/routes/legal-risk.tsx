import type { Route } from './+types/legal-risk';

export const meta: Route.MetaFunction = () => [{ title: 'Risk Disclosure — Keel' }];

export default function LegalRiskRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Risk Disclosure</h1>
    </div>
  );
}
