import { LegalRiskPage } from '~/features/marketing/pages/legal-risk-page';
import type { Route } from './+types/legal-risk';

export const meta: Route.MetaFunction = () => [
  { title: 'Risk Disclosure — Keel' },
  { name: 'description', content: 'The risks of saving with Keel: not a bank, not FDIC insured, yields not guaranteed.' },
];

export default function LegalRiskRoute() {
  return <LegalRiskPage />;
}
