import { HelpCenterPage } from '~/features/marketing/pages/help-center-page';
import type { Route } from './+types/help-center';

export const meta: Route.MetaFunction = () => [
  { title: 'Help Center — Keel' },
  { name: 'description', content: 'Search guides about accounts, vaults, wallets, deposits and withdrawals.' },
];

export default function HelpCenterRoute() {
  return <HelpCenterPage />;
}
