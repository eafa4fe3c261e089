import { findVault } from '@keel/core/vaults';
import type { Route } from './+types/vault-details';
import { SignedInPage } from '~/components/signed-in-page';
import { VaultDetails } from '~/features/vaults/components/vault-details';
import { WalletBoundary } from '~/features/wallet/components/wallet-boundary';
import NotFoundRoute from './not-found';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${findVault(params.id)?.name ?? 'Page not found'} — Keel` }];

/** /vaults/:id: one of the three vaults of core's catalogue; any other id is the app's 404 page. */
export default function VaultDetailsRoute({ params }: Route.ComponentProps) {
  const vault = findVault(params.id);
  if (!vault) return <NotFoundRoute />;
  return (
    <SignedInPage>
      {/* Deposit and Withdraw open the real dialogs, which need the wallet. */}
      <WalletBoundary>
        <VaultDetails key={vault.id} vault={vault} />
      </WalletBoundary>
    </SignedInPage>
  );
}
