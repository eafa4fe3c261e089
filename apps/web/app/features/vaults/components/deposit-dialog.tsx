import { useId, useState, type FormEvent } from 'react';
import { DEPOSIT_DIALOG } from '@keel/core/constants';
import { formatUsd } from '@keel/core/money';
import type { VaultId } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/lib/toast';
import { SimulatedTransferNotice, VaultField, useTransferForm } from './transfer-dialog-parts';
import { formatDollars } from '../transfer-amount';
import { SampleBadge } from './sample-badge';

type DepositDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVaultId: VaultId | null;
};

/** SPEC §2/§4/§9 deposit dialog. Simulated: no call, no funds move. */
export function DepositDialog({ open, onOpenChange, initialVaultId }: DepositDialogProps) {
  const id = useId();
  const [network, setNetwork] = useState('base');
  const { vaultId, setVaultId, amount, setAmount, isSubmitting, submit } = useTransferForm(initialVaultId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submit(event, {
      initiated: (vault, value) => {
        toast.info('Deposit Initiated', {
          description: `Simulated deposit of ${formatUsd(value)} into ${vault.name}. No funds move.`,
        });
      },
      completed: (vault, value) => {
        toast.success('Deposit Successful', {
          description: `Your simulated deposit of ${formatUsd(value)} into ${vault.name} is complete.`,
        });
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deposit USDC</DialogTitle>
          <DialogDescription>Choose a vault and an amount to deposit.</DialogDescription>
        </DialogHeader>
        <SimulatedTransferNotice />
        <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
          <VaultField id={`${id}-vault`} value={vaultId} onChange={setVaultId} showApy />
          <div className="flex flex-col gap-2">
            <div className="flex items-center justify-between">
              <Label htmlFor={`${id}-amount`}>Amount (USDC)</Label>
              <span className="text-xs text-muted-foreground">Min: ${DEPOSIT_DIALOG.minimumUsd}</span>
            </div>
            <Input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="0.00"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-network`}>Network</Label>
            <NativeSelect id={`${id}-network`} value={network} onChange={(event) => setNetwork(event.target.value)}>
              <option value="base">Base</option>
              <option value="ethereum" disabled>
                Ethereum (Coming Soon)
              </option>
            </NativeSelect>
          </div>
          <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 text-sm">
            <dt className="text-muted-foreground">Estimated gas</dt>
            <dd className="text-right">~{formatDollars(DEPOSIT_DIALOG.estimatedGasUsd)}</dd>
            <dt className="flex items-center gap-2 text-muted-foreground">
              Balance <SampleBadge>Simulated</SampleBadge>
            </dt>
            <dd className="text-right">{formatDollars(DEPOSIT_DIALOG.simulatedBalanceUsd)}</dd>
          </dl>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner label="Depositing" /> : null}
              {isSubmitting ? 'Depositing...' : 'Confirm Deposit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
