import { MobilePage } from '~/features/marketing/pages/mobile-page';
import type { Route } from './+types/mobile';

export const meta: Route.MetaFunction = () => [
  { title: 'Mobile App — Keel' },
  { name: 'description', content: 'The Keel mobile app is coming soon: beta planned for Q2 2025.' },
];

export default function MobileRoute() {
  return <MobilePage />;
}
