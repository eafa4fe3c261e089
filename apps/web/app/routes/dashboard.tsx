import type { Route } from './+types/dashboard';
import { FRAME_RENDER_HOLD, type SignedInRouteHandle } from '~/layouts/signed-in-frame-handle';
import { DashboardFrame } from '~/features/dashboard/components/dashboard-frame';
import { SavingsDashboard } from '~/features/dashboard/components/savings-dashboard';
import { CreatePasskeyAccountButton, PasskeyAccountCard } from '~/features/passkey-account/components/passkey-account-card';
import { TransferDialogsProvider } from '~/features/transfers/components/transfer-dialogs-provider';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';

export const meta: Route.MetaFunction = () => [
  { title: 'Dashboard — Keel' },
  // No first paint of a half-parsed frame (signed-in-frame-handle.ts).
  FRAME_RENDER_HOLD,
];

/** What the protected layout shows while the session is checked: this page's own frame (prerendered). */
export const handle: SignedInRouteHandle = {
  frame: <DashboardFrame linkAlternative={<CreatePasskeyAccountButton variant="outline" inFrame />} />,
};

export default function DashboardRoute() {
  return (
    <WalletBoundary contentFirst>
      <TransferDialogsProvider>
        <SavingsDashboard
          savingsAccount={<PasskeyAccountCard />}
          linkAlternative={<CreatePasskeyAccountButton variant="outline" />}
        />
      </TransferDialogsProvider>
    </WalletBoundary>
  );
}
