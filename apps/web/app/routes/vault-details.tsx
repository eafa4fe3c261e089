import { findVault } from '@keel/core/vaults';
import type { Route } from './+types/vault-details';
import { NotFoundMessage } from '~/components/not-found-message';
import { VaultDetails } from '~/features/vaults/components/vault-details';
import { TransferDialogsProvider } from '~/features/transfers/components/transfer-dialogs-provider';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${findVault(params.id)?.name ?? 'Page not found'} — Keel` }];

/**
 * /vaults/:id: one of the three vaults of core's catalogue; any other id is the app's 404 message, inside
 * the signed-in frame the protected layout keeps around every signed-in page.
 */
export default function VaultDetailsRoute({ params }: Route.ComponentProps) {
  const vault = findVault(params.id);
  if (!vault) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
        <NotFoundMessage />
      </div>
    );
  }
  // Deposit and Withdraw open the real dialogs, which need the wallet.
  return (
    <WalletBoundary>
      <TransferDialogsProvider>
        <VaultDetails key={vault.id} vault={vault} />
      </TransferDialogsProvider>
    </WalletBoundary>
  );
}
