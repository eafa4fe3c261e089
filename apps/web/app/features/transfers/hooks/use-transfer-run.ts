import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Address, Hash, TransactionReceipt } from 'viem';
import { useConfig } from 'wagmi';
import { getPublicClient, getWalletClient } from 'wagmi/actions';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { formatUsd } from '@keel/core/money';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import type { RecordTransferInput } from '@keel/core/schemas';
import { TRANSFER_MESSAGES } from '@keel/core/transfer-rules';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { DEPOSITS_QUERY_KEY, HISTORY_QUERY_KEY, POSITIONS_QUERY_KEY, TRANSFERS_QUERY_KEY } from '~/lib/query-keys';
import { toast } from '~/lib/toast';
import { recordTransfer } from '../api/record-transfer';
import { runPasskeyTransfer } from '../chain/passkey-transfer';
import { TransferInterruptedError, runDeposit, runWithdraw, type StepUpdate } from '../chain/run-transfer';
import { classifyTransferError } from '../chain/transfer-errors';

export type TransferPhase =
  | { kind: 'form'; notice: string | null }
  | { kind: 'running'; steps: StepUpdate[] }
  | { kind: 'failed'; title: string; reason: string; hash: Hash | null; approvalHash: Hash | null }
  | { kind: 'interrupted'; message: string; hash: Hash | null; approvalHash: Hash | null };

/** What the saver confirmed in the form, already checked against the amount rules. */
export type TransferPlan = {
  account: Address;
  vault: { address: Address; name: string };
  /** The USDC moved; for a Max withdrawal, what redeeming every share is expected to pay (the toasts say it). */
  assets: bigint;
} & ({ kind: 'deposit'; usdc: Address } | { kind: 'withdraw'; redeemAll: boolean });

/** What the toasts say, for a plan whose amount reads like "$25.00". */
const TEXTS = {
  deposit: {
    initiated: TRANSFER_MESSAGES.depositInitiated,
    successful: TRANSFER_MESSAGES.depositSuccessful,
    cancelled: TRANSFER_MESSAGES.depositCancelled,
    failed: TRANSFER_MESSAGES.depositFailed,
    sent: (amount: string, vault: string) => `Your deposit of ${amount} into ${vault} was sent to Base.`,
    done: (amount: string, vault: string) => `${amount} is now in ${vault}.`,
  },
  withdraw: {
    initiated: TRANSFER_MESSAGES.withdrawalInitiated,
    successful: TRANSFER_MESSAGES.withdrawalSuccessful,
    cancelled: TRANSFER_MESSAGES.withdrawalCancelled,
    failed: TRANSFER_MESSAGES.withdrawalFailed,
    sent: (amount: string, vault: string) => `Your withdrawal of ${amount} from ${vault} was sent to Base.`,
    done: (amount: string, vault: string) => `${amount} from ${vault} is back in your wallet.`,
  },
} as const;

/**
 * Runs one transfer and keeps the dialog's phase: the steps while running,
 * then success (toast, balances refreshed), cancellation (toast, back to the
 * form, nothing else changed), a revert (reason and explorer link) or an
 * interruption (what to do; the hash, if any, stays tracked by the server).
 * The transfer's hash is recorded with the server as soon as it exists.
 */
export function useTransferRun() {
  const config = useConfig();
  const queryClient = useQueryClient();
  const publicConfig = useQuery(publicConfigQueryOptions());
  const [phase, setPhase] = useState<TransferPhase>({ kind: 'form', notice: null });
  // The transfer's own hash (deposit, redeem, withdraw) and, apart, an approval's: a failure after
  // an approval must not read as if the deposit had been sent.
  const lastHash = useRef<Hash | null>(null);
  const approvalHash = useRef<Hash | null>(null);
  const confirmations = publicConfig.data?.chainConfirmations ?? 2;

  const explorerLink = useCallback(
    (hash: Hash | null) => (hash && publicConfig.data ? `${publicConfig.data.explorerUrl}/tx/${hash}` : null),
    [publicConfig.data],
  );

  /**
   * Resolves with the receipt once the transfer is confirmed, or null when it did not go through.
   * With a passkey account the operation goes through the bundler instead of a wallet; the rest is the same.
   */
  const run = useCallback(
    async (plan: TransferPlan, passkey: PasskeyAccount | null = null): Promise<TransactionReceipt | null> => {
      const texts = TEXTS[plan.kind];
      const amount = formatUsd(plan.assets);
      lastHash.current = null;
      approvalHash.current = null;
      const recorded = new Set<Hash>();
      // A Max withdrawal redeems the shares read just before sending: the record names those.
      let redeemedShares: bigint | undefined;
      const record = (hash: Hash): RecordTransferInput => {
        const base = { txHash: hash, kind: plan.kind, walletAddress: plan.account, vaultAddress: plan.vault.address };
        return redeemedShares === undefined
          ? { ...base, requestedAssets: plan.assets.toString() }
          : { ...base, requestedShares: redeemedShares.toString() };
      };
      const onSteps = (steps: StepUpdate[]) => {
        const approval = steps.find((step) => step.id === 'approve' && step.hash);
        if (approval?.hash) approvalHash.current = approval.hash;
        setPhase({ kind: 'running', steps });
      };
      const onSubmitted = (hash: Hash) => {
        lastHash.current = hash;
        if (recorded.has(hash)) return;
        recorded.add(hash);
        if (recorded.size === 1) {
          toast.info(texts.initiated, {
            description: `${texts.sent(amount, plan.vault.name)} Waiting for ${confirmations} confirmations.`,
          });
        }
        // The server tracks it from here, even if this tab closes; the chain stays the truth if this fails.
        recordTransfer(record(hash))
          .then(() => queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }))
          .catch((error: unknown) => console.error('Failed to record the transfer', error));
      };
      setPhase({ kind: 'running', steps: [] });
      const onShares = (shares: bigint) => {
        redeemedShares = shares;
      };
      const settled = async () => {
        toast.success(texts.successful, {
          description:
            passkey && plan.kind === 'withdraw'
              ? `${amount} from ${plan.vault.name} is back in your savings account.`
              : texts.done(amount, plan.vault.name),
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: POSITIONS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }),
          // The indexer records it CHAIN_CONFIRMATIONS blocks later; history pages also re-read on their own.
          queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
        ]);
      };
      try {
        if (passkey) {
          const settings = publicConfig.data;
          const bundlerUrl = settings?.passkeyAccount.bundlerUrl;
          if (!settings || !bundlerUrl) {
            throw new TransferInterruptedError(
              'Saving with your passkey is unavailable right now. Please try again later.',
              null,
            );
          }
          const receipt = await runPasskeyTransfer({
            account: passkey,
            settings: {
              rpcUrl: settings.baseRpcUrl,
              bundlerUrl,
              chainId: settings.passkeyAccount.chainId,
              confirmations,
            },
            vault: plan.vault.address,
            onSteps,
            onSubmitted,
            ...(plan.kind === 'deposit'
              ? { kind: 'deposit', usdc: plan.usdc, assets: plan.assets }
              : { kind: 'withdraw', redeemAll: plan.redeemAll, assets: plan.assets, onShares }),
          });
          await settled();
          return receipt;
        }
        const walletClient = await getWalletClient(config, { chainId: BASE_CHAIN_ID });
        const publicClient = getPublicClient(config, { chainId: BASE_CHAIN_ID });
        if (!publicClient)
          throw new TransferInterruptedError('Base could not be reached. Check your connection and try again.', null);
        const common = {
          publicClient,
          walletClient,
          confirmations,
          onSteps,
          onSubmitted,
          account: plan.account,
          vault: plan.vault.address,
          assets: plan.assets,
        };
        let receipt: TransactionReceipt;
        if (plan.kind === 'deposit') {
          receipt = await runDeposit({ ...common, usdc: plan.usdc, chainId: BASE_CHAIN_ID });
        } else {
          receipt = await runWithdraw({
            ...common,
            redeemAll: plan.redeemAll,
            onShares,
          });
        }
        await settled();
        return receipt;
      } catch (error) {
        const problem = classifyTransferError(error);
        const hash = error instanceof TransferInterruptedError ? (error.hash ?? lastHash.current) : lastHash.current;
        if (problem.kind === 'cancelled') {
          toast.info(texts.cancelled);
          setPhase({
            kind: 'form',
            notice: approvalHash.current
              ? 'Your approval is on chain; no USDC moved. The next deposit of the same amount uses it without a new approval.'
              : null,
          });
        } else if (problem.kind === 'reverted') {
          toast.error(texts.failed, { description: problem.reason });
          setPhase({ kind: 'failed', title: texts.failed, reason: problem.reason, hash, approvalHash: approvalHash.current });
        } else {
          console.error(`${texts.failed}: interrupted`, error);
          setPhase({
            kind: 'interrupted',
            message: error instanceof TransferInterruptedError ? error.message : problem.message,
            hash,
            approvalHash: approvalHash.current,
          });
        }
        return null;
      }
    },
    [config, confirmations, publicConfig.data, queryClient],
  );

  const reset = useCallback(() => setPhase({ kind: 'form', notice: null }), []);

  return { phase, run, reset, confirmations, explorerLink };
}
