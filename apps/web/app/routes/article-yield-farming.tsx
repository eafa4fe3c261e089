import { ArticleYieldFarmingPage } from '~/features/marketing/pages/article-yield-farming-page';
import type { Route } from './+types/article-yield-farming';

export const meta: Route.MetaFunction = () => [
  { title: 'How Yield Farming Works — Keel' },
  { name: 'description', content: 'Lending, liquidity provision and compounding explained, with their trade-offs.' },
];

export default function ArticleYieldFarmingRoute() {
  return <ArticleYieldFarmingPage />;
}
