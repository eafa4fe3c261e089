import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { LegalPrivacyPage } from '~/features/marketing/pages/legal-privacy-page';
import type { Route } from './+types/legal-privacy';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Privacy Policy — Keel',
    description: 'What personal data Keel collects, how it is used, and your rights.',
    path: paths.privacy,
  });

export default function LegalPrivacyRoute() {
  return <LegalPrivacyPage />;
}
