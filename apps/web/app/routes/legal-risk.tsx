import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { LegalRiskPage } from '~/features/marketing/pages/legal-risk-page';
import type { Route } from './+types/legal-risk';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Risk Disclosure — Keel',
    description: 'The risks of saving with Keel: not a bank, not FDIC insured, yields not guaranteed.',
    path: paths.risk,
  });

export default function LegalRiskRoute() {
  return <LegalRiskPage />;
}
