import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { HomePage } from '~/features/marketing/pages/home-page';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Keel — Earn yield on your USDC savings',
    description:
      'Non-custodial USDC savings vaults on Base with target yields of 5-30% APY. Withdraw anytime, no penalties. Not a bank; yields are targets, not guarantees.',
    path: paths.home,
  });

export default function HomeRoute() {
  return <HomePage />;
}
