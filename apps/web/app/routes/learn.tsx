import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { LearnPage } from '~/features/marketing/pages/learn-page';
import type { Route } from './+types/learn';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Learn — Keel',
    description: 'About Keel, how we keep your savings secure, careers and the Keel blog.',
    path: paths.learn,
  });

export default function LearnRoute() {
  return <LearnPage />;
}
