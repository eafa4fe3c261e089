import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { encodeFunctionData } from 'viem';
import { useBalance, useReadContract } from 'wagmi';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { formatDecimal, formatUsd, formatUsdcAmount } from '@keel/core/money';
import { TRANSFER_MESSAGES, checkWithdrawAmount } from '@keel/core/transfer-rules';
import { formatWithdrawalFee } from '@keel/core/vaults';
import { Button } from '~/components/ui/button';
import { VAULT_ABI } from '~/lib/vault-calls';
import { useTransferForm, type TransferFormOptions } from '../hooks/use-transfer-form';
import { AmountField, FeeRows, SponsoredFeeRow, VaultField, useDebouncedValue } from './transfer-dialog-parts';
import { TransferFooter, TransferStatus } from './transfer-outcome';

/**
 * The withdraw form: the position's value (maxWithdraw),
 * Max = redeem every share, a typed amount = withdraw(assets), what the user
 * receives shown before signing, and the vault's terms as information.
 */
export default function WithdrawForm(props: TransferFormOptions) {
  const form = useTransferForm(props);
  const { id, account, vault, vaultAddress, amount, transfer } = form;
  const isSponsored = form.passkey !== null;
  const [isMax, setIsMax] = useState(false);
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
  // Keel pays a passkey account's fee: no ETH to read, no fee to estimate.
  const eth = useBalance({ address: account, chainId: BASE_CHAIN_ID, query: { enabled: !isSponsored } });
  const maxAssets = maxWithdraw.data;
  const ethBalance = isSponsored ? null : eth.data?.value;
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
    enabled: !isSponsored && enabled && (redeemAll || units !== null),
    retry: false,
    staleTime: 15_000,
    queryFn: async () => {
      if (!vaultAddress) throw new Error('Nothing to estimate');
      const data = redeemAll
        ? encodeFunctionData({ abi: VAULT_ABI, functionName: 'redeem', args: [shares.data ?? 0n, account, account] })
        : encodeFunctionData({ abi: VAULT_ABI, functionName: 'withdraw', args: [units ?? 0n, account, account] });
      return form.estimateFee([{ to: vaultAddress, data }]);
    },
  });

  const check = factsReady
    ? checkWithdrawAmount(amount, { maxWithdraw: maxAssets, ethBalance, estimatedFeeWei: fee.data?.wei ?? null })
    : null;
  const { vaultError, amountError } = form.errors(check);
  const receive = redeemAll ? previewRedeem.data : units !== null ? units : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!form.confirm(event)) return;
    if (!vault || !vaultAddress || !check?.ok || !form.isOnBase) return;
    void form.send({
      kind: 'withdraw',
      account,
      vault: { address: vaultAddress, name: vault.name },
      redeemAll,
      assets: redeemAll ? (previewRedeem.data ?? check.units) : check.units,
    });
  }

  const steps = form.steps(() => ({
    label: redeemAll
      ? `Withdraw everything from ${vault?.name ?? 'the vault'}`
      : `Withdraw ${amount} USDC from ${vault?.name ?? 'the vault'}`,
    submittedLabel: `${TRANSFER_MESSAGES.withdrawalProcessing} — waiting for ${transfer.confirmations} confirmations on Base`,
  }));

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <VaultField
        id={`${id}-vault`}
        value={form.vaultId}
        onChange={(value) => {
          form.setVaultId(value);
          setIsMax(false);
        }}
        disabled={form.isRunning}
        error={vaultError}
      />
      <AmountField
        id={`${id}-amount`}
        value={amount}
        disabled={form.isRunning}
        error={amountError}
        onChange={(value) => {
          form.changeAmount(value);
          setIsMax(false);
        }}
        action={
          <Button
            type="button"
            variant="outline"
            disabled={!vaultAddress || maxAssets === undefined || form.isRunning}
            onClick={() => {
              if (maxAssets === undefined) return;
              form.setAmount(formatUsdcAmount(maxAssets));
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
            {isSponsored ? <SponsoredFeeRow /> : <FeeRows fee={fee} isPriced failing="This withdrawal" />}
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
      <TransferStatus form={form} steps={steps} />
      <TransferFooter
        form={form}
        confirmLabel="Confirm Withdrawal"
        runningLabel="Withdrawing"
        // Only once a vault is chosen: without one, Confirm is what shows "Missing Information".
        isChecking={vaultAddress !== null && !factsReady && !maxWithdraw.isError && !eth.isError}
      />
    </form>
  );
}
