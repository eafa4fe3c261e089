import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { Address } from '@keel/core/address';
import { formatUsd, parsePositiveUsdc } from '@keel/core/money';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { parseSendAddress } from '../send-address';

/** Sends `amount` micro-USDC to `to` from the account; resolves with the transaction hash once confirmed. */
export type SendUsdc = (request: { to: `0x${string}`; amount: bigint }) => Promise<`0x${string}`>;

type Draft = { to: `0x${string}`; amount: bigint };
type Phase =
  | { kind: 'form' }
  | { kind: 'confirm'; draft: Draft }
  | { kind: 'sending'; draft: Draft }
  | { kind: 'sent'; draft: Draft; hash: `0x${string}` };

const SEND_FAILED = 'Your USDC was not sent. Please try again.';
const CANCELLED = 'Nothing was sent: the passkey request was cancelled or timed out.';

function failureMessage(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return CANCELLED;
  if (error instanceof Error && error.name === 'PasskeyOperationError') return error.message;
  return SEND_FAILED;
}

function SendForm({
  account,
  balance,
  onReview,
}: {
  account: Address;
  balance: bigint | null;
  onReview: (draft: Draft) => void;
}) {
  const id = useId();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ to?: string; amount?: string }>({});
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const address = parseSendAddress(to, account);
        const parsed = parsePositiveUsdc(amount);
        const next: { to?: string; amount?: string } = {};
        if (!address.ok) next.to = address.message;
        if (!parsed.ok) next.amount = parsed.message;
        else if (balance !== null && parsed.micro > balance) {
          next.amount = `You have ${formatUsd(balance)} ready in your savings account.`;
        }
        setErrors(next);
        if (address.ok && parsed.ok && !next.amount) onReview({ to: address.address, amount: parsed.micro });
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-to`}>Send to (an address on Base)</Label>
        <Input
          id={`${id}-to`}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={to}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? `${id}-to-error` : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        <FieldError id={`${id}-to-error`} message={errors.to} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-amount`}>Amount (USDC)</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="25.00"
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <FieldError id={`${id}-amount-error`} message={errors.amount} />
        {balance === null ? null : <p className="text-xs text-muted-foreground">Ready in your account: {formatUsd(balance)}</p>}
      </div>
      <DialogFooter>
        <Button type="submit">Review</Button>
      </DialogFooter>
    </form>
  );
}

function BaseWarning() {
  return (
    <Alert variant="destructive" className="flex gap-2">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        This address must be on the Base network. USDC sent to an address on another network, or to an exchange account that does
        not accept USDC on Base, can be lost for good. Nobody, Keel included, can reverse a sent payment.
      </span>
    </Alert>
  );
}

/**
 * Send: USDC out of the passkey savings account to an address the saver typed
 * or pasted. The address is checked (checksum), then shown in full on a
 * confirmation step with the Base warning before the passkey is asked.
 */
export function SendDialog({
  open,
  onOpenChange,
  account,
  balance,
  send,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: Pick<PasskeyAccount, 'address'>;
  /** The account's USDC not in a vault, or null while unknown. */
  balance: bigint | null;
  send: SendUsdc;
}) {
  const queryClient = useQueryClient();
  const config = useQuery(publicConfigQueryOptions());
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next && phase.kind === 'sending') return;
    if (!next) {
      setPhase({ kind: 'form' });
      setError(null);
    }
    onOpenChange(next);
  };
  const confirmSend = async (draft: Draft) => {
    setError(null);
    setPhase({ kind: 'sending', draft });
    try {
      const hash = await send(draft);
      setPhase({ kind: 'sent', draft, hash });
      void queryClient.invalidateQueries({ queryKey: ['passkey-account-usdc'] });
    } catch (failure) {
      setError(failureMessage(failure));
      setPhase({ kind: 'confirm', draft });
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{phase.kind === 'sent' ? 'USDC sent' : 'Send USDC'}</DialogTitle>
          <DialogDescription>From your savings account, approved with your passkey. Keel pays the network fee.</DialogDescription>
        </DialogHeader>
        {phase.kind === 'form' ? (
          <SendForm account={account.address} balance={balance} onReview={(draft) => setPhase({ kind: 'confirm', draft })} />
        ) : null}
        {phase.kind === 'confirm' || phase.kind === 'sending' ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              You are sending <strong>{formatUsd(phase.draft.amount)}</strong> in USDC to:
            </p>
            <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="send-confirm-address">
              {phase.draft.to}
            </code>
            <p className="text-sm text-muted-foreground">Check every character against the address you were given.</p>
            <BaseWarning />
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <DialogFooter>
              <Button variant="outline" disabled={phase.kind === 'sending'} onClick={() => setPhase({ kind: 'form' })}>
                Back
              </Button>
              <Button disabled={phase.kind === 'sending'} onClick={() => void confirmSend(phase.draft)}>
                {phase.kind === 'sending' ? <Spinner label="Waiting for your passkey" /> : null}
                {phase.kind === 'sending' ? 'Sending…' : 'Send with my passkey'}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
        {phase.kind === 'sent' ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              {formatUsd(phase.draft.amount)} went to <span className="break-all font-mono">{phase.draft.to}</span>.
            </p>
            {config.data ? (
              <a
                className="text-sm text-primary underline"
                href={`${config.data.explorerUrl}/tx/${phase.hash}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                See it on the block explorer
              </a>
            ) : null}
            <DialogFooter>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export default SendDialog;
