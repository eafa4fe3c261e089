import { SupportPage } from '~/features/marketing/pages/support-page';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = () => [
  { title: 'Support — Keel' },
  { name: 'description', content: 'Get help with Keel: browse the Help Center or contact our support team.' },
];

export default function SupportRoute() {
  return <SupportPage />;
}
