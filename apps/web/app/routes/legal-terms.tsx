import { LegalTermsPage } from '~/features/marketing/pages/legal-terms-page';
import type { Route } from './+types/legal-terms';

export const meta: Route.MetaFunction = () => [
  { title: 'Terms of Service — Keel' },
  {
    name: 'description',
    content: 'The terms for using Keel, including eligibility (18+), fees and the fact that yields are not guaranteed.',
  },
];

export default function LegalTermsRoute() {
  return <LegalTermsPage />;
}
