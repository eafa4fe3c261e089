import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { estimateYearlyEarningsFor } from '@keel/core/earnings-estimate';
import { formatUsd } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { VAULTS, findVault, type VaultId } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { useWalletState } from '~/lib/wallet-state';
import type { FirstRunStep, FirstRunStepId, FirstRunStepState } from '../first-run';
import { FRAME_REST_PAINTED } from '../frame-timing';

const STEP_TEXT: Record<FirstRunStepId, { title: string; detail: string }> = {
  'link-wallet': {
    title: 'Link a wallet',
    detail: 'Connect your wallet and sign a message to prove it is yours. Signing costs nothing.',
  },
  'choose-vault': {
    title: 'Choose a vault',
    detail: 'Three vaults, three levels of risk. Compare them before you put money in.',
  },
  'first-deposit': {
    title: 'Make a first deposit',
    detail:
      'No USDC on Base yet? Add money shows where to send it. Then move it from your wallet into the vault; this ticks off once Base confirms it.',
  },
};

const STATE_TEXT: Record<FirstRunStepState, string> = {
  done: 'Done',
  'in-progress': 'Waiting for Base to confirm',
  todo: 'Not done yet',
};

function StepIcon({ state }: { state: FirstRunStepState }) {
  if (state === 'done') return <CheckCircle2 className="size-6 shrink-0 text-success" aria-hidden="true" />;
  if (state === 'in-progress') return <Loader2 className="size-6 shrink-0 animate-spin text-primary" aria-hidden="true" />;
  return <Circle className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />;
}

function LinkWalletAction() {
  const wallet = useWalletState();
  const isConnected = wallet.status === 'connected' && wallet.address !== null;
  if (isConnected && wallet.isAvailable) {
    return (
      <Button size="sm" onClick={wallet.requestLink} disabled={wallet.linkStatus === 'linking'}>
        {wallet.linkStatus === 'linking' ? <Spinner label="Waiting for your signature" /> : null}
        Sign to link
      </Button>
    );
  }
  return (
    <Button size="sm" asChild>
      <Link to={paths.vaultDashboard}>Connect Wallet</Link>
    </Button>
  );
}

/**
 * What an amount would earn in a year at a vault's target range: an estimate
 * from the catalogue's targets (exact maths in core), never a measured figure.
 */
function YearlyEstimate({
  vaultId,
  onVaultChange,
  inFrame,
}: {
  vaultId: VaultId;
  onVaultChange: (id: VaultId) => void;
  inFrame: boolean;
}) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const vault = findVault(vaultId) ?? VAULTS[0];
  if (!vault) return null;
  const result = amount.trim() === '' ? null : estimateYearlyEarningsFor(amount, vault);
  const error = result && !result.ok ? result.message : undefined;
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 className="font-semibold">What could it earn?</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-amount`}>Amount (USDC)</Label>
          <Input
            id={`${id}-amount`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="1000.00"
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-vault`}>Vault</Label>
          <NativeSelect
            id={`${id}-vault`}
            value={vault.id}
            onChange={(event) => {
              const chosen = findVault(event.target.value);
              if (chosen) onVaultChange(chosen.id);
            }}
          >
            {VAULTS.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name} ({entry.apyText})
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div aria-live="polite">
        <p className="text-sm text-muted-foreground">Estimated yearly earnings</p>
        <p className="text-2xl font-bold" data-testid={inFrame ? undefined : 'first-run-estimate'}>
          {result?.ok ? `${formatUsd(result.low)} – ${formatUsd(result.high)}` : '—'}
        </p>
        <p className="text-xs text-muted-foreground">
          {result?.ok
            ? `An estimate at ${vault.name}'s target range of ${vault.apyText}, held for a year. A target, not a promise: real returns vary and can be lower${vault.risk === 'Higher Risk' ? ', and this vault can lose value' : ''}.`
            : 'Type an amount to see an estimate at the vault’s target range.'}
        </p>
      </div>
    </div>
  );
}

/**
 * The dashboard's first-run checklist: link a wallet, choose
 * a vault, make a first deposit. The steps come from the server's facts
 * (first-run.ts); the buttons lead to where each step is done.
 */
export function FirstRunChecklist({
  steps,
  onDeposit,
  inFrame = false,
  linkAlternative = null,
}: {
  steps: readonly FirstRunStep[];
  onDeposit: (id: VaultId) => void;
  /** Another way to do the first step, under its own button (a passkey savings account instead of a wallet). */
  linkAlternative?: ReactNode;
  /** The copy in the dashboard's frame (dashboard-frame.tsx): same markup, without the test ids of the real one. */
  inFrame?: boolean;
}) {
  const [vaultId, setVaultId] = useState<VaultId>('everyday-cash');
  const isDone = steps.every((step) => step.state === 'done');
  return (
    <Card aria-labelledby="first-run-title" data-testid={inFrame ? undefined : 'first-run'}>
      <CardHeader>
        <h2
          id="first-run-title"
          className="text-lg font-semibold leading-tight"
          elementtiming={inFrame ? FRAME_REST_PAINTED : undefined}
        >
          {isDone ? 'You are all set' : 'Get started in three steps'}
        </h2>
        <CardDescription>
          {isDone
            ? 'Your first deposit is confirmed on Base. Your balance and earnings now show above.'
            : 'Each step ticks itself off as it happens.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ol className="flex flex-col gap-4">
          {steps.map((step, index) => (
            <li
              key={step.id}
              className="flex items-start gap-3"
              data-testid={inFrame ? undefined : `first-run-step-${step.id}`}
              data-state={step.state}
            >
              <StepIcon state={step.state} />
              <div className="flex flex-1 flex-col gap-2">
                <p className="font-medium">
                  {index + 1}. {STEP_TEXT[step.id].title}
                  <span className="sr-only"> — {STATE_TEXT[step.state]}</span>
                </p>
                {step.state === 'done' ? null : (
                  <>
                    <p className="text-sm text-muted-foreground">
                      {step.state === 'in-progress' ? STATE_TEXT[step.state] : STEP_TEXT[step.id].detail}
                    </p>
                    {step.id === 'link-wallet' ? (
                      <div className="flex flex-wrap items-center gap-2">
                        <LinkWalletAction />
                        {linkAlternative}
                      </div>
                    ) : null}
                    {step.id === 'choose-vault' ? (
                      <div>
                        <Button size="sm" variant="outline" asChild>
                          <Link to={paths.vaults}>Compare the vaults</Link>
                        </Button>
                      </div>
                    ) : null}
                    {step.id === 'first-deposit' && step.state === 'todo' ? (
                      <div className="flex flex-wrap gap-2">
                        <Button size="sm" variant="outline" asChild>
                          <Link to={paths.addMoney}>Add money</Link>
                        </Button>
                        <Button size="sm" onClick={() => onDeposit(vaultId)}>
                          Deposit to {findVault(vaultId)?.name}
                        </Button>
                      </div>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
        {isDone ? null : <YearlyEstimate vaultId={vaultId} onVaultChange={setVaultId} inFrame={inFrame} />}
      </CardContent>
    </Card>
  );
}
