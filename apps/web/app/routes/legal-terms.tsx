import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { LegalTermsPage } from '~/features/marketing/pages/legal-terms-page';
import type { Route } from './+types/legal-terms';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Terms of Service — Keel',
    description: 'The terms for using Keel, including eligibility (18+), fees and the fact that yields are not guaranteed.',
    path: paths.terms,
  });

export default function LegalTermsRoute() {
  return <LegalTermsPage />;
}
