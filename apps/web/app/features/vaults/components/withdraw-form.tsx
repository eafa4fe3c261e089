import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { encodeFunctionData, type Address } from 'viem';
import { useBalance, useConfig, useConnection, useReadContract, useSwitchChain } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { formatDecimal, formatUsd, formatUsdcAmount } from '@keel/core/money';
import { TRANSFER_MESSAGES, checkWithdrawAmount } from '@keel/core/transfer-rules';
import { findVault, formatWithdrawalFee, type VaultId } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { DialogFooter } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { toast } from '~/lib/toast';
import { simulateAndEstimate } from '../chain/estimate-fee';
import { formatEth } from '../chain/format-eth';
import { runWithdraw } from '../chain/run-transfer';
import { VAULT_ABI } from '../chain/transfer-calls';
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

type WithdrawFormProps = { account: Address; initialVaultId: VaultId | null; onClose: () => void };

/**
 * The real withdraw form (issue 11 §5-6): the position's value (maxWithdraw),
 * Max = redeem every share, a typed amount = withdraw(assets), what the user
 * receives shown before signing, and the vault's terms as information.
 */
export default function WithdrawForm({ account, initialVaultId, onClose }: WithdrawFormProps) {
  const id = useId();
  const config = useConfig();
  const { chainId } = useConnection();
  const { switchChainAsync, isPending: isSwitching } = useSwitchChain();
  const [vaultId, setVaultId] = useState<string>(initialVaultId ?? '');
  const [amount, setAmount] = useState('');
  const [isMax, setIsMax] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const target = useVaultTarget(findVault(vaultId));
  const vault = target.vault;
  const vaultAddress = target.isAvailable ? target.address : null;
  const transfer = useTransferRun('withdraw');
  const enabled = vaultAddress !== null;

  const shares = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'balanceOf',
    args: [account],
    query: { enabled },
  });
  const maxWithdraw = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'maxWithdraw',
    args: [account],
    query: { enabled },
  });
  const maxRedeem = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'maxRedeem',
    args: [account],
    query: { enabled },
  });
  const decimals = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'decimals',
    query: { enabled },
  });
  const eth = useBalance({ address: account, chainId: BASE_CHAIN_ID });
  const maxAssets = maxWithdraw.data;
  const ethBalance = eth.data?.value;
  const factsReady = maxAssets !== undefined && ethBalance !== undefined;

  const typed = useDebouncedValue(amount);
  const priced = factsReady ? checkWithdrawAmount(typed, { maxWithdraw: maxAssets, ethBalance, estimatedFeeWei: null }) : null;
  const units = priced?.ok ? priced.units : null;
  // Max redeems every share, unless the vault cannot take them all back now (maxRedeem below the balance,
  // e.g. short of liquidity): then Max withdraws maxWithdraw, what it can pay.
  const redeemAll =
    isMax && shares.data !== undefined && shares.data > 0n && maxRedeem.data !== undefined && maxRedeem.data >= shares.data;

  // What the user receives, as the contract will round it: previewRedeem for Max, the exact assets otherwise
  // (withdraw(assets) pays exactly that and burns previewWithdraw(assets) shares, rounded up).
  const previewRedeem = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'previewRedeem',
    args: [shares.data ?? 0n],
    query: { enabled: enabled && redeemAll },
  });
  const previewWithdraw = useReadContract({
    address: vaultAddress ?? undefined,
    abi: VAULT_ABI,
    functionName: 'previewWithdraw',
    args: [units ?? 0n],
    query: { enabled: enabled && !redeemAll && units !== null },
  });
  const fee = useQuery({
    queryKey: ['withdraw-fee', vaultAddress, account, redeemAll ? 'all' : (units?.toString() ?? null)],
    enabled: enabled && (redeemAll || units !== null),
    retry: false,
    staleTime: 15_000,
    queryFn: async () => {
      if (!vaultAddress) throw new Error('Nothing to estimate');
      const data = redeemAll
        ? encodeFunctionData({ abi: VAULT_ABI, functionName: 'redeem', args: [shares.data ?? 0n, account, account] })
        : encodeFunctionData({ abi: VAULT_ABI, functionName: 'withdraw', args: [units ?? 0n, account, account] });
      const client = getPublicClient(config, { chainId: BASE_CHAIN_ID });
      if (!client) throw new Error('Base is not configured');
      return simulateAndEstimate(client, { account, calls: [{ to: vaultAddress, data }] });
    },
  });

  const check = factsReady
    ? checkWithdrawAmount(amount, { maxWithdraw: maxAssets, ethBalance, estimatedFeeWei: fee.data?.wei ?? null })
    : null;
  const fieldError = showErrors && check && !check.ok ? check.message : null;
  const vaultError = showErrors && !vault ? MISSING_INFORMATION : null;
  const amountError = showErrors && vault && amount.trim() === '' ? MISSING_INFORMATION : fieldError;
  const isRunning = transfer.phase.kind === 'running';
  const isOnBase = chainId === BASE_CHAIN_ID;
  const receive = redeemAll ? previewRedeem.data : units !== null ? units : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowErrors(true);
    // Missing Information shows under the missing field (vaultError / amountError below).
    if (!vault || amount.trim() === '') return;
    if (!vaultAddress || !check?.ok || !isOnBase) return;
    const assets = check.units;
    const shown = formatUsd(redeemAll ? (previewRedeem.data ?? assets) : assets);
    let redeemedShares: bigint | undefined;
    void transfer.run({
      initiatedText: `Your withdrawal of ${shown} from ${vault.name} was sent to Base. Waiting for ${transfer.confirmations} confirmations.`,
      successText: `${shown} from ${vault.name} is back in your wallet.`,
      execute: (clients, hooks) =>
        runWithdraw({
          ...clients,
          ...hooks,
          account,
          vault: vaultAddress,
          redeemAll,
          assets,
          onShares: (value) => {
            redeemedShares = value;
          },
        }),
      record: (hash) =>
        redeemAll && redeemedShares !== undefined
          ? { txHash: hash, kind: 'withdraw', walletAddress: account, vaultAddress, requestedShares: redeemedShares }
          : { txHash: hash, kind: 'withdraw', walletAddress: account, vaultAddress, requestedAssets: assets },
      onDone: onClose,
    });
  }

  const stepViews = (transfer.phase.kind === 'running' ? transfer.phase.steps : []).map((step): StepView => ({
    key: step.id,
    label: redeemAll
      ? `Withdraw everything from ${vault?.name ?? 'the vault'}`
      : `Withdraw ${amount} USDC from ${vault?.name ?? 'the vault'}`,
    state: step.state,
    submittedLabel: `${TRANSFER_MESSAGES.withdrawalProcessing} — waiting for ${transfer.confirmations} confirmations on Base`,
    explorerUrl: transfer.explorerLink(step.hash ?? null),
  }));

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <VaultField
        id={`${id}-vault`}
        value={vaultId}
        onChange={(value) => {
          setVaultId(value);
          setIsMax(false);
        }}
        disabled={isRunning}
        error={vaultError}
      />
      <AmountField
        id={`${id}-amount`}
        value={amount}
        disabled={isRunning}
        error={amountError}
        onChange={(value) => {
          setAmount(value);
          setIsMax(false);
          if (transfer.phase.kind !== 'running') transfer.reset();
        }}
        action={
          <Button
            type="button"
            variant="outline"
            disabled={!vaultAddress || maxAssets === undefined || isRunning}
            onClick={() => {
              if (maxAssets === undefined) return;
              setAmount(formatUsdcAmount(maxAssets));
              setIsMax(true);
            }}
          >
            Max
          </Button>
        }
      />
      {vault ? (
        <section aria-label={`${vault.name} withdrawal info`} className="flex flex-col gap-2 rounded-lg bg-muted p-3 text-sm">
          <span className="font-medium">{vault.name}</span>
          <dl className="grid grid-cols-2 gap-1">
            <dt className="text-muted-foreground">Your balance</dt>
            <dd className="text-right" data-testid="withdraw-max">
              {!vaultAddress
                ? '—'
                : maxAssets === undefined
                  ? maxWithdraw.isError
                    ? 'Could not be read from Base'
                    : 'Reading…'
                  : formatUsd(maxAssets)}
            </dd>
            <dt className="text-muted-foreground">Shares</dt>
            <dd className="text-right">{shares.data === undefined ? '—' : formatDecimal(shares.data, decimals.data ?? 6, 2)}</dd>
            <dt className="text-muted-foreground">You receive</dt>
            <dd className="text-right" data-testid="withdraw-receive">
              {receive === undefined ? '—' : `${formatUsdcAmount(receive)} USDC`}
            </dd>
            {!redeemAll && previewWithdraw.data !== undefined && units !== null ? (
              <>
                <dt className="text-muted-foreground">Shares redeemed</dt>
                <dd className="text-right">{formatDecimal(previewWithdraw.data, decimals.data ?? 6, 2)}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Estimated network fee</dt>
            <dd className="text-right">{fee.data ? `~${formatEth(fee.data.wei)} ETH` : fee.isFetching ? 'Estimating…' : '—'}</dd>
            {fee.data && !fee.data.includesL1 ? (
              <dd className="col-span-2 text-xs text-muted-foreground">
                Base L2 fee only: this network has no L1 data-fee oracle to price the rest.
              </dd>
            ) : null}
            {fee.error instanceof TransferRevertedError ? (
              <dd className="col-span-2 text-xs font-medium text-destructive">This withdrawal would fail: {fee.error.reason}</dd>
            ) : fee.isError ? (
              <dd className="col-span-2 text-xs text-muted-foreground">The network fee could not be estimated here.</dd>
            ) : null}
          </dl>
          <p className="text-xs font-medium text-muted-foreground">The vault&apos;s terms</p>
          <dl className="grid grid-cols-2 gap-1">
            <dt className="text-muted-foreground">Withdrawal time</dt>
            <dd className="text-right">{vault.withdrawal.time}</dd>
            <dt className="text-muted-foreground">Fee</dt>
            <dd className="text-right">{formatWithdrawalFee(vault)}</dd>
          </dl>
          {vault.withdrawal.notice ? <p className="text-amber-900 dark:text-amber-200">{vault.withdrawal.notice}</p> : null}
        </section>
      ) : null}
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
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {isRunning ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={isRunning || !isOnBase}>
          {isRunning ? <Spinner label="Withdrawing" /> : null}
          {isRunning ? 'Withdrawing...' : 'Confirm Withdrawal'}
        </Button>
      </DialogFooter>
    </form>
  );
}
