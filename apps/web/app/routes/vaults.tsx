import type { Route } from './+types/vaults';
import { SignedInPage } from '~/components/signed-in-page';
import { VaultChooser } from '~/features/vaults/components/vault-chooser';

export const meta: Route.MetaFunction = () => [{ title: 'Choose Your Vault — Keel' }];

export default function VaultsRoute() {
  return (
    <SignedInPage>
      <VaultChooser />
    </SignedInPage>
  );
}
