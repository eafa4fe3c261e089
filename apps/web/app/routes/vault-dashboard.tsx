import type { Route } from './+types/vault-dashboard';
import { VaultDashboard } from '~/features/dashboard/components/vault-dashboard';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';
import { PasskeyAccountCard } from '~/features/passkey-account/components/passkey-account-card';
import { WalletPanel } from '~/features/wallet/components/wallet-panel';

export const meta: Route.MetaFunction = () => [{ title: 'Your Vault Dashboard — Keel' }];

export default function VaultDashboardRoute() {
  return (
    <WalletBoundary>
      <VaultDashboard
        walletPanel={
          <>
            <WalletPanel />
            <PasskeyAccountCard />
          </>
        }
      />
    </WalletBoundary>
  );
}
