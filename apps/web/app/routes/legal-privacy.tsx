import { LegalPrivacyPage } from '~/features/marketing/pages/legal-privacy-page';
import type { Route } from './+types/legal-privacy';

export const meta: Route.MetaFunction = () => [
  { title: 'Privacy Policy — Keel' },
  { name: 'description', content: 'What personal data Keel collects, how it is used, and your rights.' },
];

export default function LegalPrivacyRoute() {
  return <LegalPrivacyPage />;
}
