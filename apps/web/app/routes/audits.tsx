import { AuditsPage } from '~/features/marketing/pages/audits-page';
import type { Route } from './+types/audits';

export const meta: Route.MetaFunction = () => [
  { title: 'Security — Keel' },
  { name: 'description', content: 'How Keel protects your account and funds, and the status of our security reviews.' },
];

export default function AuditsRoute() {
  return <AuditsPage />;
}
