import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { LearnMorePage } from '~/features/marketing/pages/learn-more-page';
import type { Route } from './+types/learn-more';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Learn More — Keel',
    description: 'Keel in five minutes: the three vaults, how they earn and what to read next.',
    path: paths.learnMore,
  });

export default function LearnMoreRoute() {
  return <LearnMorePage />;
}
