import type { Route } from './+types/vaults';
import { VaultChooser } from '~/features/vaults/components/vault-chooser';
import { TransferDialogsProvider } from '~/features/transfers/components/transfer-dialogs-provider';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';

export const meta: Route.MetaFunction = () => [{ title: 'Choose Your Vault — Keel' }];

export default function VaultsRoute() {
  // The Deposit buttons open the real deposit dialog, which needs the wallet.
  return (
    <WalletBoundary>
      <TransferDialogsProvider>
        <VaultChooser />
      </TransferDialogsProvider>
    </WalletBoundary>
  );
}
