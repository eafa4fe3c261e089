import type { Route } from './+types/legal-privacy';

export const meta: Route.MetaFunction = () => [{ title: 'Privacy Policy — Keel' }];

export default function LegalPrivacyRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
    </div>
  );
}
