import { lazy, Suspense } from 'react';
import type { VaultId } from '@keel/core/vaults';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { LinkedWalletGate } from './transfer-dialog-parts';

// wagmi/viem load with the form, behind the wallet boundary: never with a page chunk.
const DepositForm = lazy(() => import('./deposit-form'));

type DepositDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVaultId: VaultId | null;
};

/** SPEC §2/§4 deposit dialog, made real by issue 11: USDC moves from the linked wallet into the vault on Base. */
export function DepositDialog({ open, onOpenChange, initialVaultId }: DepositDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deposit USDC</DialogTitle>
          <DialogDescription>Choose a vault and an amount to deposit from your wallet on Base.</DialogDescription>
        </DialogHeader>
        {open ? (
          <LinkedWalletGate>
            {(address) => (
              <Suspense fallback={<Spinner label="Loading the deposit form" />}>
                <DepositForm account={address} initialVaultId={initialVaultId} onClose={() => onOpenChange(false)} />
              </Suspense>
            )}
          </LinkedWalletGate>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
