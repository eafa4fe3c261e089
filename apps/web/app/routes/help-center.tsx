import { paths } from '@keel/core/paths';
import { pageMeta } from '~/lib/seo';
import { HelpCenterPage } from '~/features/marketing/pages/help-center-page';
import type { Route } from './+types/help-center';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Help Center — Keel',
    description: 'Search guides about accounts, vaults, wallets, deposits and withdrawals.',
    path: paths.helpCenter,
  });

export default function HelpCenterRoute() {
  return <HelpCenterPage />;
}
