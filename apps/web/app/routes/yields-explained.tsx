import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { YieldsExplainedPage } from '~/features/marketing/pages/yields-explained-page';
import type { Route } from './+types/yields-explained';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'How Yields Are Generated — Keel',
    description: 'Where the yield in each Keel vault comes from, and why every rate is a target range.',
    path: paths.yieldsExplained,
  });

export default function YieldsExplainedRoute() {
  return <YieldsExplainedPage />;
}
