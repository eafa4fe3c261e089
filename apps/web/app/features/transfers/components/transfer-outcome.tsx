import type { Hash } from 'viem';
import { ExternalLink } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { DialogFooter } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import type { TransferForm } from '../hooks/use-transfer-form';
import type { TransferPhase } from '../hooks/use-transfer-run';
import { TransferProgress, type StepView } from './transfer-dialog-parts';

function ExplorerLink({ href, label = 'View the transaction on the block explorer' }: { href: string; label?: string }) {
  return (
    <a
      className="inline-flex items-center gap-1 font-medium underline underline-offset-4"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {label}
      <ExternalLink className="size-3" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** A failed or interrupted transfer: the reason in plain words, and the transaction if one was sent. */
function TransferOutcome({ phase, explorerLink }: { phase: TransferPhase; explorerLink: (hash: Hash | null) => string | null }) {
  if (phase.kind === 'failed') {
    const href = explorerLink(phase.hash);
    const approval = explorerLink(phase.approvalHash);
    return (
      <Alert variant="destructive" data-testid="transfer-failed">
        <p className="font-semibold">{phase.title}</p>
        <p>{phase.reason}</p>
        {href ? (
          <ExplorerLink href={href} />
        ) : approval ? (
          <p className="text-xs">
            Only the approval was sent; no USDC moved. <ExplorerLink href={approval} label="View the approval" />
          </p>
        ) : (
          <p className="text-xs">Nothing was sent: no funds moved.</p>
        )}
      </Alert>
    );
  }
  if (phase.kind === 'interrupted') {
    const href = explorerLink(phase.hash);
    return (
      <Alert variant="warning" data-testid="transfer-interrupted">
        <p className="font-semibold">{phase.message}</p>
        {href ? (
          <>
            <p>
              The transaction was already sent. Keel follows it on Base and your balances will show the result once it is
              confirmed.
            </p>
            <ExplorerLink href={href} />
          </>
        ) : (
          <p>Nothing was sent: no funds moved.</p>
        )}
      </Alert>
    );
  }
  return null;
}

/** The wallet is on another chain: transfers happen on Base only. */
function WrongNetwork({ isSwitching, onSwitch }: { isSwitching: boolean; onSwitch: () => void }) {
  return (
    <Alert variant="warning" className="flex flex-wrap items-center justify-between gap-2">
      <span>Your wallet is not on Base. Switch it to Base to continue.</span>
      <Button type="button" size="sm" onClick={onSwitch} disabled={isSwitching}>
        {isSwitching ? <Spinner label="Switching" /> : null}
        Switch to Base
      </Button>
    </Alert>
  );
}

/** Under a form's fields: the network to switch, the steps while running, and how the last attempt ended. */
export function TransferStatus({ form, steps }: { form: TransferForm; steps: StepView[] }) {
  const { phase, explorerLink } = form.transfer;
  return (
    <>
      {!form.isOnBase ? <WrongNetwork isSwitching={form.isSwitching} onSwitch={form.switchToBase} /> : null}
      {phase.kind === 'running' ? <TransferProgress steps={steps} /> : null}
      <TransferOutcome phase={phase} explorerLink={explorerLink} />
      {phase.kind === 'form' && phase.notice ? <Alert variant="info">{phase.notice}</Alert> : null}
    </>
  );
}

/** Cancel (Close once sent: the transfer goes on without the dialog) and the Confirm button with its running label. */
export function TransferFooter({
  form,
  confirmLabel,
  runningLabel,
  isChecking = false,
}: {
  form: TransferForm;
  /** "Confirm Deposit" */
  confirmLabel: string;
  /** "Depositing" */
  runningLabel: string;
  /**
   * The balances the amount is checked against are still being read: Confirm waits (disabled, busy) rather
   * than being pressed to no effect. So it does while the chosen vault's verification is being read.
   */
  isChecking?: boolean;
}) {
  const isWaiting = isChecking || form.isCheckingVault;
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={form.onClose}>
        {form.isRunning ? 'Close' : 'Cancel'}
      </Button>
      <Button type="submit" disabled={form.isRunning || !form.isOnBase || isWaiting} aria-busy={isWaiting || undefined}>
        {form.isRunning ? <Spinner label={runningLabel} /> : null}
        {form.isRunning ? `${runningLabel}...` : confirmLabel}
      </Button>
    </DialogFooter>
  );
}
