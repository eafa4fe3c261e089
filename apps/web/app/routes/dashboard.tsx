import type { Route } from './+types/dashboard';
import { SignedInPage } from '~/components/signed-in-page';
import { SavingsDashboard } from '~/features/vaults/components/savings-dashboard';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard — Keel' }];

export default function DashboardRoute() {
  return (
    <SignedInPage>
      <WalletBoundary contentFirst>
        <SavingsDashboard />
      </WalletBoundary>
    </SignedInPage>
  );
}
