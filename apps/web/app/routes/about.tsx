import { AboutPage } from '~/features/marketing/pages/about-page';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = () => [
  { title: 'About — Keel' },
  { name: 'description', content: 'Why we built Keel, a non-custodial USDC savings app on Base.' },
];

export default function AboutRoute() {
  return <AboutPage />;
}
