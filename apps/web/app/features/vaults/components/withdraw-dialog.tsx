import { lazy, Suspense } from 'react';
import type { VaultId } from '@keel/core/vaults';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { LinkedWalletGate } from './transfer-dialog-parts';

// wagmi/viem load with the form, behind the wallet boundary: never with a page chunk.
const WithdrawForm = lazy(() => import('./withdraw-form'));

type WithdrawDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVaultId: VaultId | null;
};

/** SPEC §2/§4 withdraw dialog, made real by issue 11: the vault pays USDC back to the linked wallet. */
export function WithdrawDialog({ open, onOpenChange, initialVaultId }: WithdrawDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Withdraw USDC</DialogTitle>
          <DialogDescription>Choose a vault and an amount to withdraw to your wallet on Base.</DialogDescription>
        </DialogHeader>
        {open ? (
          <LinkedWalletGate>
            {(address) => (
              <Suspense fallback={<Spinner label="Loading the withdraw form" />}>
                <WithdrawForm account={address} initialVaultId={initialVaultId} onClose={() => onOpenChange(false)} />
              </Suspense>
            )}
          </LinkedWalletGate>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
