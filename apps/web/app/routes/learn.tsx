import { LearnPage } from '~/features/marketing/pages/learn-page';
import type { Route } from './+types/learn';

export const meta: Route.MetaFunction = () => [
  { title: 'Learn — Keel' },
  { name: 'description', content: 'About Keel, how we keep your savings secure, careers and the Keel blog.' },
];

export default function LearnRoute() {
  return <LearnPage />;
}
