import { useId, type FormEvent } from 'react';
import { formatUsd } from '@keel/core/money';
import { findVault, formatWithdrawalFee, type VaultId } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/lib/toast';
import { arrivalPhrase, formatDollars } from '../transfer-amount';
import { SampleBadge } from './sample-badge';
import { SimulatedTransferNotice, VaultField, useTransferForm } from './transfer-dialog-parts';

type WithdrawDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVaultId: VaultId | null;
};

/** SPEC §2/§4/§9 withdraw dialog. Simulated: no call, no funds move. */
export function WithdrawDialog({ open, onOpenChange, initialVaultId }: WithdrawDialogProps) {
  const id = useId();
  const { vaultId, setVaultId, amount, setAmount, isSubmitting, submit } = useTransferForm(initialVaultId);
  const selected = findVault(vaultId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    submit(event, {
      initiated: (vault, value) => {
        toast.info('Withdrawal Initiated', {
          description: `Simulated withdrawal of ${formatUsd(value)} from ${vault.name}. No funds move.`,
        });
      },
      completed: (vault, value) => {
        toast.success('Withdrawal Processing', {
          description: `Your ${formatUsd(value)} from ${vault.name} will arrive ${arrivalPhrase(vault.withdrawal.time)}.`,
        });
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Withdraw USDC</DialogTitle>
          <DialogDescription>Choose a vault and an amount to withdraw.</DialogDescription>
        </DialogHeader>
        <SimulatedTransferNotice />
        <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
          <VaultField id={`${id}-vault`} value={vaultId} onChange={setVaultId} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>Amount (USDC)</Label>
            <div className="flex gap-2">
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
              <Button
                variant="outline"
                disabled={!selected}
                onClick={() => selected && setAmount(selected.sampleBalanceUsd.toFixed(2))}
              >
                Max
              </Button>
            </div>
          </div>
          {selected ? (
            <section
              aria-label={`${selected.name} withdrawal info`}
              className="flex flex-col gap-2 rounded-lg bg-muted p-3 text-sm"
            >
              <div className="flex items-center justify-between">
                <span className="font-medium">{selected.name}</span>
                <SampleBadge />
              </div>
              <dl className="grid grid-cols-2 gap-1">
                <dt className="text-muted-foreground">Balance</dt>
                <dd className="text-right">{formatDollars(selected.sampleBalanceUsd)}</dd>
                <dt className="text-muted-foreground">Withdrawal time</dt>
                <dd className="text-right">{selected.withdrawal.time}</dd>
                <dt className="text-muted-foreground">Fee</dt>
                <dd className="text-right">{formatWithdrawalFee(selected)}</dd>
              </dl>
              {selected.withdrawal.notice ? (
                <p className="text-amber-900 dark:text-amber-200">{selected.withdrawal.notice}</p>
              ) : null}
            </section>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner label="Withdrawing" /> : null}
              {isSubmitting ? 'Withdrawing...' : 'Confirm Withdrawal'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
