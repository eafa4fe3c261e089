import type { Route } from './+types/dashboard';
import type { SignedInRouteHandle } from '~/layouts/signed-in-frame-handle';
import { DashboardFrame } from '~/features/vaults/components/dashboard-frame';
import { SavingsDashboard } from '~/features/vaults/components/savings-dashboard';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard — Keel' }];

/** What the protected layout shows while the session is checked: this page's own frame (prerendered). */
export const handle: SignedInRouteHandle = { frame: <DashboardFrame /> };

export default function DashboardRoute() {
  return (
    <WalletBoundary contentFirst>
      <SavingsDashboard />
    </WalletBoundary>
  );
}
