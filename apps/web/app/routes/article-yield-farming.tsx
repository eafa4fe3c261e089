import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { ArticleYieldFarmingPage } from '~/features/marketing/pages/article-yield-farming-page';
import type { Route } from './+types/article-yield-farming';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'How Yield Farming Works — Keel',
    description: 'Lending, liquidity provision and compounding explained, with their trade-offs.',
    path: paths.yieldFarming,
  });

export default function ArticleYieldFarmingRoute() {
  return <ArticleYieldFarmingPage />;
}
