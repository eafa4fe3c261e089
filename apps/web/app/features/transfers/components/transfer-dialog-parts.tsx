import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Circle, ExternalLink, Loader2 } from 'lucide-react';
import { TRANSFER_MESSAGES } from '@keel/core/transfer-rules';
import { VAULT_CONFIG_KEYS, VAULTS, findVault, type Vault } from '@keel/core/vaults';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { VAULT_UNAVAILABLE_MESSAGE, vaultStatusesQueryOptions } from '~/lib/vault-statuses';
import type { FeeEstimate } from '../chain/estimate-fee';
import type { StepState } from '../chain/run-transfer';
import { formatEth } from '../chain/format-eth';
import { TransferRevertedError } from '../chain/transfer-errors';

/**
 * The configured address and verified status of a catalogue vault. The address
 * comes from the server's configuration only: the dialogs never take a vault
 * address from the URL or the user.
 */
export function useVaultTarget(vault: Vault | undefined) {
  const config = useQuery(publicConfigQueryOptions());
  const statuses = useQuery(vaultStatusesQueryOptions());
  // Asked again (Confirm after a failed read): loading until the new answer, so Confirm waits for it too.
  const recheck = () => void statuses.refetch();
  if (!vault || !config.data)
    return { vault, address: null, isAvailable: false, isUnavailable: false, isLoading: config.isPending, recheck };
  const address = config.data.vaults[VAULT_CONFIG_KEYS[vault.id]] as `0x${string}`;
  const status = statuses.data?.find((entry) => entry.id === vault.id);
  return {
    vault,
    address,
    isAvailable: status?.available === true,
    /** The server named it unavailable (VaultField says so under the field). */
    isUnavailable: status?.available === false,
    isLoading: !statuses.data && (statuses.isPending || statuses.isFetching),
    recheck,
  };
}

/** The 'Missing Information' text, shown under the field that is missing. */
export const MISSING_INFORMATION = `${TRANSFER_MESSAGES.missingTitle}: ${TRANSFER_MESSAGES.missingDescription}`;

export function VaultField({
  id,
  value,
  onChange,
  showApy = false,
  disabled = false,
  error = null,
}: {
  id: string;
  value: string;
  onChange: (vaultId: string) => void;
  showApy?: boolean;
  disabled?: boolean;
  error?: string | null;
}) {
  const errorId = `${id}-error`;
  const statuses = useQuery(vaultStatusesQueryOptions());
  const isUnavailable = (vaultId: string) => statuses.data?.find((entry) => entry.id === vaultId)?.available === false;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Vault</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">Select a vault</option>
        {VAULTS.map((vault) => (
          <option key={vault.id} value={vault.id} disabled={isUnavailable(vault.id)}>
            {showApy ? `${vault.name} (${vault.apyText})` : vault.name}
            {isUnavailable(vault.id) ? ' — unavailable' : ''}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={errorId} message={error ?? undefined} />
      {value && isUnavailable(value) ? (
        <p className="text-sm font-medium text-destructive">
          {findVault(value)?.name}: {VAULT_UNAVAILABLE_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}

/** The amount: text with a decimal keypad (never type=number, which rounds and accepts "1e3"), its rule's message under it. */
export function AmountField({
  id,
  value,
  onChange,
  error,
  aside,
  action,
  disabled = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  aside?: React.ReactNode;
  action?: React.ReactNode;
  disabled?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>Amount (USDC)</Label>
        {aside}
      </div>
      <div className="flex gap-2">
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0.00"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {action}
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}

/** Waits `delayMs` after the last change (reads and fee estimates follow the typing without a call per key). */
export function useDebouncedValue<T>(value: T, delayMs = 400): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export type StepView = {
  key: string;
  label: string;
  state: StepState;
  /** Shown while the step is submitted and not yet deep enough. */
  submittedLabel: string;
  explorerUrl: string | null;
};

const STATE_TEXT: Record<StepView['state'], string> = {
  waiting: 'Next',
  wallet: 'Waiting for your wallet…',
  passkey: 'Waiting for your passkey…',
  submitted: 'Submitted',
  confirmed: 'Confirmed',
};

/** The steps of a transfer and where the user is: waiting for the wallet, submitted (explorer link), confirmed. */
export function TransferProgress({ steps }: { steps: StepView[] }) {
  return (
    <ol className="flex flex-col gap-2 rounded-lg border p-3 text-sm" aria-label="Transfer steps" data-testid="transfer-steps">
      {steps.map((step, index) => (
        <li key={step.key} className="flex flex-wrap items-center gap-2" data-state={step.state}>
          {step.state === 'confirmed' ? (
            <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
          ) : step.state === 'waiting' ? (
            <Circle className="size-4 text-muted-foreground" aria-hidden="true" />
          ) : (
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
          )}
          <span className="font-medium">
            {index + 1}. {step.label}
          </span>
          <span className="text-muted-foreground">
            {step.state === 'submitted' ? step.submittedLabel : STATE_TEXT[step.state]}
          </span>
          {step.explorerUrl ? (
            <a
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              href={step.explorerUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              View transaction
              <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The fee rows of a form's figures: the estimate (L2 only where the chain has
 * no L1 fee oracle), or that the transfer would fail and why, before anything is signed.
 */
export function FeeRows({
  fee,
  isPriced,
  failing,
  testId,
}: {
  fee: UseQueryResult<FeeEstimate>;
  /** False while the amount is not worth pricing: the fee reads "—". */
  isPriced: boolean;
  /** "This deposit" / "This withdrawal". */
  failing: string;
  testId?: string;
}) {
  return (
    <>
      <dt className="text-muted-foreground">Estimated network fee</dt>
      <dd className="text-right" data-testid={testId}>
        {!isPriced ? '—' : fee.data ? `~${formatEth(fee.data.wei)} ETH` : fee.isFetching ? 'Estimating…' : '—'}
      </dd>
      {fee.data && !fee.data.includesL1 ? (
        <dd className="col-span-2 text-xs text-muted-foreground">
          Base L2 fee only: this network has no L1 data-fee oracle to price the rest.
        </dd>
      ) : null}
      {fee.error instanceof TransferRevertedError ? (
        <dd className="col-span-2 text-xs font-medium text-destructive">
          {failing} would fail: {fee.error.reason}
        </dd>
      ) : fee.isError ? (
        <dd className="col-span-2 text-xs text-muted-foreground">The network fee could not be estimated here.</dd>
      ) : null}
    </>
  );
}

/** A passkey account's operations are paid for by Keel's paymaster: nothing to estimate, no ETH needed. */
export function SponsoredFeeRow({ testId }: { testId?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">Network fee</dt>
      <dd className="text-right" data-testid={testId}>
        Paid by Keel
      </dd>
    </>
  );
}
