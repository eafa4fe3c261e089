import { LearnMorePage } from '~/features/marketing/pages/learn-more-page';
import type { Route } from './+types/learn-more';

export const meta: Route.MetaFunction = () => [
  { title: 'Learn More — Keel' },
  { name: 'description', content: 'Keel in five minutes: the three vaults, how they earn and what to read next.' },
];

export default function LearnMoreRoute() {
  return <LearnMorePage />;
}
