import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Address } from 'viem';
import { useBalance, useConfig, useConnection, useReadContract, useSwitchChain } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';
import { BASE_CHAIN_ID, DEPOSIT_DIALOG } from '@keel/core/constants';
import { formatDecimal, formatUsd, formatUsdcAmount } from '@keel/core/money';
import { checkDepositAmount } from '@keel/core/transfer-rules';
import { findVault, type VaultId } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { DialogFooter } from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { toast } from '~/lib/toast';
import { simulateAndEstimate } from '../chain/estimate-fee';
import { formatEth } from '../chain/format-eth';
import { runDeposit } from '../chain/run-transfer';
import { approveCall, depositCall, USDC_ABI, VAULT_ABI } from '../chain/transfer-calls';
import { TransferRevertedError } from '../chain/transfer-errors';
import { useTransferRun } from '../hooks/use-transfer-run';
import {
  AmountField,
  MISSING_INFORMATION,
  TransferProgress,
  VaultField,
  useDebouncedValue,
  useVaultTarget,
  type StepView,
} from './transfer-dialog-parts';
import { TransferOutcome, WrongNetwork } from './transfer-outcome';

type DepositFormProps = { account: Address; initialVaultId: VaultId | null; onClose: () => void };

/**
 * The real deposit form (issue 11 §1-3): live USDC balance, share price and
 * shares received (previewDeposit), a live fee estimate, every amount rule
 * before any wallet request, then approve-exactly + deposit through the wallet.
 */
export default function DepositForm({ account, initialVaultId, onClose }: DepositFormProps) {
  const id = useId();
  const config = useConfig();
  const publicConfig = useQuery(publicConfigQueryOptions());
  const { chainId } = useConnection();
  const { switchChainAsync, isPending: isSwitching } = useSwitchChain();
  const [vaultId, setVaultId] = useState<string>(initialVaultId ?? '');
  const [network, setNetwork] = useState('base');
  const [amount, setAmount] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const target = useVaultTarget(findVault(vaultId));
  const vault = target.vault;
  const vaultAddress = target.isAvailable ? target.address : null;
  const usdc = publicConfig.data?.usdcAddress ?? null;
  const transfer = useTransferRun('deposit');

  const balance = useReadContract({
    address: usdc ?? undefined,
    abi: USDC_ABI,
    functionName: 'balanceOf',
    args: [account],
    query: { enabled: usdc !== null },
  });
  const allowanceRead = useReadContract({
    address: usdc ?? undefined,
    abi: USDC_ABI,
    functionName: 'allowance',
    args: [account, vaultAddress ?? account],
    query: { enabled: usdc !== null && vaultAddress !== null },
  });
  const decimals = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'decimals',
    query: { enabled: vaultAddress !== null },
  });
  const eth = useBalance({ address: account, chainId: BASE_CHAIN_ID });
  const usdcBalance = balance.data;
  const allowance = vaultAddress ? allowanceRead.data : undefined;
  const shareDecimals = decimals.data;
  const ethBalance = eth.data?.value;
  const factsReady = usdcBalance !== undefined && ethBalance !== undefined;

  // The rules before the fee is known decide whether the amount is worth pricing at all.
  const typed = useDebouncedValue(amount);
  const priced = factsReady ? checkDepositAmount(typed, { usdcBalance, ethBalance, estimatedFeeWei: null }) : null;
  const units = priced?.ok ? priced.units : null;

  const sharePrice = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'convertToAssets',
    args: [10n ** BigInt(shareDecimals ?? 6)],
    query: { enabled: vaultAddress !== null && shareDecimals !== undefined },
  });
  const preview = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'previewDeposit',
    args: [units ?? 0n],
    query: { enabled: vaultAddress !== null && units !== null },
  });
  const needsApproval = units !== null && allowance !== undefined && allowance < units;
  const fee = useQuery({
    queryKey: ['deposit-fee', vaultAddress, account, units?.toString() ?? null, needsApproval],
    enabled: vaultAddress !== null && usdc !== null && units !== null && allowance !== undefined,
    retry: false,
    staleTime: 15_000,
    queryFn: async () => {
      if (!vaultAddress || !usdc || units === null) throw new Error('Nothing to estimate');
      const calls = needsApproval
        ? [approveCall(usdc, vaultAddress, units), depositCall(vaultAddress, units, account)]
        : [depositCall(vaultAddress, units, account)];
      const client = getPublicClient(config, { chainId: BASE_CHAIN_ID });
      if (!client) throw new Error('Base is not configured');
      return simulateAndEstimate(client, { account, calls });
    },
  });

  const check = factsReady
    ? checkDepositAmount(amount, { usdcBalance, ethBalance, estimatedFeeWei: fee.data?.wei ?? null })
    : null;
  const fieldError = showErrors && check && !check.ok ? check.message : null;
  const vaultError = showErrors && !vault ? MISSING_INFORMATION : null;
  const amountError = showErrors && vault && amount.trim() === '' ? MISSING_INFORMATION : fieldError;
  const isRunning = transfer.phase.kind === 'running';
  const isOnBase = chainId === BASE_CHAIN_ID;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowErrors(true);
    // Missing Information shows under the missing field (vaultError / amountError below).
    if (!vault || amount.trim() === '') return;
    if (!vaultAddress || !usdc || !check?.ok || !isOnBase) return;
    const assets = check.units;
    const amountText = formatUsd(assets);
    void transfer.run({
      initiatedText: `Your deposit of ${amountText} into ${vault.name} was sent to Base. Waiting for ${transfer.confirmations} confirmations.`,
      successText: `${amountText} is now in ${vault.name}.`,
      execute: (clients, hooks) =>
        runDeposit({ ...clients, ...hooks, account, usdc, vault: vaultAddress, assets, chainId: BASE_CHAIN_ID }),
      record: (hash) => ({ txHash: hash, kind: 'deposit', walletAddress: account, vaultAddress, requestedAssets: assets }),
      onDone: onClose,
    });
  }

  const stepViews = (transfer.phase.kind === 'running' ? transfer.phase.steps : []).map((step): StepView => {
    const amountText = check?.ok ? formatUsdcAmount(check.units) : amount;
    const labels = {
      approve: `Approve exactly ${amountText} USDC`,
      deposit: `Deposit ${amountText} USDC into ${vault?.name ?? 'the vault'}`,
      batch: `Approve and deposit ${amountText} USDC in one batch`,
      withdraw: '',
    } as const;
    const isFinal = step.id !== 'approve';
    return {
      key: step.id,
      label: labels[step.id],
      state: step.state,
      submittedLabel: isFinal
        ? `Submitted — waiting for ${transfer.confirmations} confirmations on Base`
        : 'Submitted — waiting for Base',
      explorerUrl: transfer.explorerLink(step.hash ?? null),
    };
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <VaultField id={`${id}-vault`} value={vaultId} onChange={setVaultId} showApy disabled={isRunning} error={vaultError} />
      <AmountField
        id={`${id}-amount`}
        value={amount}
        disabled={isRunning}
        onChange={(value) => {
          setAmount(value);
          if (transfer.phase.kind !== 'running') transfer.reset();
        }}
        error={amountError}
        aside={<span className="text-xs text-muted-foreground">Min: ${DEPOSIT_DIALOG.minimumUsd}</span>}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-network`}>Network</Label>
        <NativeSelect
          id={`${id}-network`}
          value={network}
          onChange={(event) => setNetwork(event.target.value)}
          disabled={isRunning}
        >
          <option value="base">Base</option>
          <option value="ethereum" disabled>
            Ethereum (Coming Soon)
          </option>
        </NativeSelect>
      </div>
      <dl className="grid grid-cols-2 gap-x-2 gap-y-1 rounded-lg bg-muted p-3 text-sm" aria-label="Deposit details">
        <dt className="text-muted-foreground">Wallet balance</dt>
        <dd className="text-right" data-testid="deposit-usdc-balance">
          {usdcBalance === undefined
            ? balance.isError
              ? 'Could not be read from Base'
              : 'Reading…'
            : `${formatUsd(usdcBalance)} USDC`}
        </dd>
        <dt className="text-muted-foreground">Share price</dt>
        <dd className="text-right">{sharePrice.data === undefined ? '—' : `${formatDecimal(sharePrice.data, 6, 2)} USDC`}</dd>
        <dt className="text-muted-foreground">You receive (estimate)</dt>
        <dd className="text-right" data-testid="deposit-preview-shares">
          {preview.data === undefined || units === null ? '—' : `${formatDecimal(preview.data, shareDecimals ?? 6, 2)} shares`}
        </dd>
        <dt className="text-muted-foreground">Estimated network fee</dt>
        <dd className="text-right" data-testid="deposit-fee">
          {units === null ? '—' : fee.data ? `~${formatEth(fee.data.wei)} ETH` : fee.isFetching ? 'Estimating…' : '—'}
        </dd>
        {fee.data && !fee.data.includesL1 ? (
          <dd className="col-span-2 text-xs text-muted-foreground">
            Base L2 fee only: this network has no L1 data-fee oracle to price the rest.
          </dd>
        ) : null}
        {fee.error instanceof TransferRevertedError ? (
          <dd className="col-span-2 text-xs font-medium text-destructive">This deposit would fail: {fee.error.reason}</dd>
        ) : fee.isError ? (
          <dd className="col-span-2 text-xs text-muted-foreground">The network fee could not be estimated here.</dd>
        ) : null}
      </dl>
      {!isOnBase ? (
        <WrongNetwork
          isSwitching={isSwitching}
          onSwitch={() =>
            void switchChainAsync({ chainId: BASE_CHAIN_ID }).catch(() => toast.error('Failed to switch to Base network'))
          }
        />
      ) : null}
      {transfer.phase.kind === 'running' ? <TransferProgress steps={stepViews} /> : null}
      <TransferOutcome phase={transfer.phase} failedTitle={transfer.texts.failed} explorerLink={transfer.explorerLink} />
      {transfer.phase.kind === 'form' && transfer.phase.notice ? <Alert variant="info">{transfer.phase.notice}</Alert> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {isRunning ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={isRunning || !isOnBase}>
          {isRunning ? <Spinner label="Depositing" /> : null}
          {isRunning ? 'Depositing...' : 'Confirm Deposit'}
        </Button>
      </DialogFooter>
    </form>
  );
}
