import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useBalance, useReadContract } from 'wagmi';
import { BASE_CHAIN_ID, DEPOSIT_DIALOG } from '@keel/core/constants';
import { formatDecimal, formatUsd, formatUsdcAmount } from '@keel/core/money';
import { checkDepositAmount } from '@keel/core/transfer-rules';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { approveCall, depositCall, USDC_ABI, VAULT_ABI } from '~/lib/vault-calls';
import { useTransferForm, type TransferFormOptions } from '../hooks/use-transfer-form';
import { AmountField, FeeRows, SponsoredFeeRow, VaultField, useDebouncedValue } from './transfer-dialog-parts';
import { TransferFooter, TransferStatus } from './transfer-outcome';

/**
 * The deposit form: live USDC balance, share price and shares received
 * (previewDeposit), a live fee estimate, every amount rule before any wallet
 * request, then approve-exactly + deposit through the wallet.
 */
export default function DepositForm(props: TransferFormOptions) {
  const form = useTransferForm(props);
  const { id, account, vault, vaultAddress, amount, transfer } = form;
  const isSponsored = form.passkey !== null;
  const publicConfig = useQuery(publicConfigQueryOptions());
  const [network, setNetwork] = useState('base');
  const usdc = publicConfig.data?.usdcAddress ?? null;

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
  // Keel pays a passkey account's fee: no ETH to read, no fee to estimate.
  const eth = useBalance({ address: account, chainId: BASE_CHAIN_ID, query: { enabled: !isSponsored } });
  const usdcBalance = balance.data;
  const allowance = vaultAddress ? allowanceRead.data : undefined;
  const shareDecimals = decimals.data;
  const ethBalance = isSponsored ? null : eth.data?.value;
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
    enabled: !isSponsored && vaultAddress !== null && usdc !== null && units !== null && allowance !== undefined,
    retry: false,
    staleTime: 15_000,
    queryFn: async () => {
      if (!vaultAddress || !usdc || units === null) throw new Error('Nothing to estimate');
      return form.estimateFee(
        needsApproval
          ? [approveCall(usdc, vaultAddress, units), depositCall(vaultAddress, units, account)]
          : [depositCall(vaultAddress, units, account)],
      );
    },
  });

  const check = factsReady
    ? checkDepositAmount(amount, { usdcBalance, ethBalance, estimatedFeeWei: fee.data?.wei ?? null })
    : null;
  const { vaultError, amountError } = form.errors(check);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!form.confirm(event)) return;
    if (!vault || !vaultAddress || !usdc || !check?.ok || !form.isOnBase) return;
    void form.send({
      kind: 'deposit',
      account,
      vault: { address: vaultAddress, name: vault.name },
      usdc,
      assets: check.units,
    });
  }

  const amountText = check?.ok ? formatUsdcAmount(check.units) : amount;
  const labels = {
    approve: `Approve exactly ${amountText} USDC`,
    deposit: `Deposit ${amountText} USDC into ${vault?.name ?? 'the vault'}`,
    batch: isSponsored
      ? `Deposit ${amountText} USDC into ${vault?.name ?? 'the vault'}`
      : `Approve and deposit ${amountText} USDC in one batch`,
    withdraw: '',
  } as const;
  const steps = form.steps((step) => ({
    label: labels[step.id],
    submittedLabel:
      step.id !== 'approve'
        ? `Submitted — waiting for ${transfer.confirmations} confirmations on Base`
        : 'Submitted — waiting for Base',
  }));

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <VaultField
        id={`${id}-vault`}
        value={form.vaultId}
        onChange={form.setVaultId}
        showApy
        disabled={form.isRunning}
        error={vaultError}
      />
      <AmountField
        id={`${id}-amount`}
        value={amount}
        disabled={form.isRunning}
        onChange={form.changeAmount}
        error={amountError}
        aside={<span className="text-xs text-muted-foreground">Min: ${DEPOSIT_DIALOG.minimumUsd}</span>}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-network`}>Network</Label>
        <NativeSelect
          id={`${id}-network`}
          value={network}
          onChange={(event) => setNetwork(event.target.value)}
          disabled={form.isRunning}
        >
          <option value="base">Base</option>
          <option value="ethereum" disabled>
            Ethereum (Coming Soon)
          </option>
        </NativeSelect>
      </div>
      <dl className="grid grid-cols-2 gap-x-2 gap-y-1 rounded-lg bg-muted p-3 text-sm" aria-label="Deposit details">
        <dt className="text-muted-foreground">{isSponsored ? 'In your savings account' : 'Wallet balance'}</dt>
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
        {isSponsored ? (
          <SponsoredFeeRow testId="deposit-fee" />
        ) : (
          <FeeRows fee={fee} isPriced={units !== null} failing="This deposit" testId="deposit-fee" />
        )}
      </dl>
      <TransferStatus form={form} steps={steps} />
      <TransferFooter
        form={form}
        confirmLabel="Confirm Deposit"
        runningLabel="Depositing"
        isChecking={!factsReady && !balance.isError && !eth.isError}
      />
    </form>
  );
}
