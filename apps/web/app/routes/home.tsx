import { HomePage } from '~/features/marketing/pages/home-page';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Keel — Earn yield on your USDC savings' },
  {
    name: 'description',
    content:
      'Non-custodial USDC savings vaults on Base with target yields of 5-30% APY. Withdraw anytime, no penalties. Not a bank; yields are targets, not guarantees.',
  },
];

export default function HomeRoute() {
  return <HomePage />;
}
