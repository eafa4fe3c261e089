import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { ArticleDefi101Page } from '~/features/marketing/pages/article-defi-101-page';
import type { Route } from './+types/article-defi-101';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'DeFi 101: Earning Yield on Stablecoins — Keel',
    description: 'A beginner’s guide to stablecoins, where their yield comes from and the risks.',
    path: paths.defi101,
  });

export default function ArticleDefi101Route() {
  return <ArticleDefi101Page />;
}
