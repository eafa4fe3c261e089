import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Account, Chain, Client, Hash, TransactionReceipt, Transport } from 'viem';
import { useConfig } from 'wagmi';
import { getPublicClient, getWalletClient } from 'wagmi/actions';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { TRANSFER_MESSAGES } from '@keel/core/transfer-rules';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { DEPOSITS_QUERY_KEY, HISTORY_QUERY_KEY, POSITIONS_QUERY_KEY, TRANSFERS_QUERY_KEY } from '~/lib/query-keys';
import { toast } from '~/lib/toast';
import { recordTransfer } from '../api/transfers';
import type { StepUpdate } from '../chain/run-transfer';
import { TransferInterruptedError } from '../chain/run-transfer';
import { classifyTransferError } from '../chain/transfer-errors';

export type TransferKind = 'deposit' | 'withdraw';

export type TransferPhase =
  | { kind: 'form'; notice: string | null }
  | { kind: 'running'; steps: StepUpdate[] }
  | { kind: 'failed'; reason: string; hash: Hash | null; approvalHash: Hash | null }
  | { kind: 'interrupted'; message: string; hash: Hash | null; approvalHash: Hash | null };

export type TransferClients = {
  publicClient: Client<Transport, Chain>;
  walletClient: Client<Transport, Chain, Account>;
  confirmations: number;
};

const TEXTS = {
  deposit: {
    initiated: TRANSFER_MESSAGES.depositInitiated,
    successful: TRANSFER_MESSAGES.depositSuccessful,
    cancelled: TRANSFER_MESSAGES.depositCancelled,
    failed: TRANSFER_MESSAGES.depositFailed,
  },
  withdraw: {
    initiated: TRANSFER_MESSAGES.withdrawalInitiated,
    successful: TRANSFER_MESSAGES.withdrawalSuccessful,
    cancelled: TRANSFER_MESSAGES.withdrawalCancelled,
    failed: TRANSFER_MESSAGES.withdrawalFailed,
  },
} as const;

type RunOptions = {
  /** "$25.00 into Everyday Cash": what the toasts say. */
  initiatedText: string;
  successText: string;
  execute: (
    clients: TransferClients,
    hooks: { onSteps: (steps: StepUpdate[]) => void; onSubmitted: (hash: Hash) => void },
  ) => Promise<TransactionReceipt>;
  /** What the server is told about the submitted hash. */
  record: (hash: Hash) => Parameters<typeof recordTransfer>[0];
  onDone: () => void;
};

/**
 * Runs one transfer and keeps the dialog's phase: the steps while running,
 * then success (toast, balances refreshed, dialog closed), cancellation (toast,
 * back to the form, nothing else changed), a revert (reason and explorer link)
 * or an interruption (what to do; the hash, if any, stays tracked by the server).
 */
export function useTransferRun(kind: TransferKind) {
  const texts = TEXTS[kind];
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

  const run = useCallback(
    async (options: RunOptions) => {
      lastHash.current = null;
      approvalHash.current = null;
      const recorded = new Set<Hash>();
      setPhase({ kind: 'running', steps: [] });
      try {
        const walletClient = await getWalletClient(config, { chainId: BASE_CHAIN_ID });
        const publicClient = getPublicClient(config, { chainId: BASE_CHAIN_ID });
        if (!publicClient)
          throw new TransferInterruptedError('Base could not be reached. Check your connection and try again.', null);
        const receipt = await options.execute(
          { publicClient, walletClient, confirmations },
          {
            onSteps: (steps) => {
              const approval = steps.find((step) => step.id === 'approve' && step.hash);
              if (approval?.hash) approvalHash.current = approval.hash;
              setPhase({ kind: 'running', steps });
            },
            onSubmitted: (hash) => {
              lastHash.current = hash;
              if (recorded.has(hash)) return;
              recorded.add(hash);
              if (recorded.size === 1) toast.info(texts.initiated, { description: options.initiatedText });
              // The server tracks it from here, even if this tab closes; the chain stays the truth if this fails.
              recordTransfer(options.record(hash))
                .then(() => queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }))
                .catch((error: unknown) => console.error('Failed to record the transfer', error));
            },
          },
        );
        toast.success(texts.successful, { description: options.successText });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: POSITIONS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: TRANSFERS_QUERY_KEY }),
          // The indexer records it CHAIN_CONFIRMATIONS blocks later; history pages also re-read on their own.
          queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
        ]);
        options.onDone();
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
          setPhase({ kind: 'failed', reason: problem.reason, hash, approvalHash: approvalHash.current });
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
    [config, confirmations, queryClient, texts],
  );

  const reset = useCallback(() => setPhase({ kind: 'form', notice: null }), []);

  return { phase, run, reset, confirmations, explorerLink, texts };
}
