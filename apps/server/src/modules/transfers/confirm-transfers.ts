import { MINUTE_MS } from '@keel/core/constants';
import { describeRevert } from '@keel/core/revert-reason';
import type { TransferKind } from '@keel/core/transfer-rules';
import { and, asc, eq } from 'drizzle-orm';
import {
  erc4626Abi,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import type { ChainClient } from '../../chain/chain-client.js';
import { chainErrorKind } from '../../chain/chain-errors.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { transfers } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import type { NotificationContext } from '../notifications/enqueue-notification.js';
import { notifyConfirmedTransfer } from '../notifications/notify-confirmed-transfer.js';

/** A hash the chain has never shown after this long was dropped or replaced. */
export const PENDING_GIVE_UP_MS = 30 * MINUTE_MS;
/** Pending rows checked per pass; the rest wait for the next pass. */
const BATCH = 100;

export const TRANSFER_FAILURES = {
  notFound: 'The transaction was never seen on Base (dropped or replaced).',
  noEvent: (kind: TransferKind) =>
    `The transaction has no ${kind === 'deposit' ? 'Deposit' : 'Withdraw'} event of this vault for this wallet.`,
} as const;

type Deps = {
  db: Database;
  client: ChainClient;
  config: Pick<Config, 'chainId' | 'chainConfirmations'>;
  logger: Logger;
  now: () => number;
  /** Mails the saver when a transfer confirms, in the transaction that marks it. */
  notify?: NotificationContext;
};

type Row = typeof transfers.$inferSelect;

type Verdict =
  | { status: 'pending' }
  | { status: 'failed'; reason: string; blockNumber: number | null }
  | { status: 'confirmed'; assets: bigint; shares: bigint; blockNumber: number; logIndex: number };

function isMissing(error: unknown): boolean {
  return error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError;
}

/** Re-runs a reverted transaction at its block to learn the reason (receipts carry none). */
async function revertReason(client: ChainClient, receipt: TransactionReceipt): Promise<string> {
  try {
    const transaction = await client.getTransaction({ hash: receipt.transactionHash });
    await client.call({
      account: transaction.from,
      to: transaction.to,
      data: transaction.input,
      value: transaction.value,
      blockNumber: receipt.blockNumber,
    });
  } catch (error) {
    return `The transaction was reverted: ${describeRevert(error)}`;
  }
  return 'The transaction was reverted.';
}

/**
 * The vault's own event is the proof: a Deposit whose share receiver is the
 * wallet (EIP-4626 calls it owner; viem's ABI names it receiver), or a Withdraw
 * whose owner is the wallet, emitted by the recorded vault in this receipt.
 */
function matchEvent(row: Row, receipt: TransactionReceipt) {
  const logs = receipt.logs.filter((log) => log.address.toLowerCase() === row.vaultAddress);
  if (row.kind === 'deposit') {
    return parseEventLogs({ abi: erc4626Abi, logs, eventName: 'Deposit' }).find(
      (event) => event.args.receiver.toLowerCase() === row.walletAddress,
    );
  }
  return parseEventLogs({ abi: erc4626Abi, logs, eventName: 'Withdraw' }).find(
    (event) => event.args.owner.toLowerCase() === row.walletAddress,
  );
}

async function judge(deps: Deps, row: Row, head: bigint): Promise<Verdict> {
  let receipt: TransactionReceipt;
  try {
    receipt = await deps.client.getTransactionReceipt({ hash: row.txHash as Hash });
  } catch (error) {
    if (!isMissing(error)) throw error;
    const waited = deps.now() - row.submittedAt.getTime();
    return waited >= PENDING_GIVE_UP_MS
      ? { status: 'failed', reason: TRANSFER_FAILURES.notFound, blockNumber: null }
      : { status: 'pending' };
  }
  const confirmations = head - receipt.blockNumber + 1n;
  if (confirmations < BigInt(Math.max(1, deps.config.chainConfirmations))) return { status: 'pending' };
  const blockNumber = Number(receipt.blockNumber);
  if (receipt.status !== 'success') {
    return { status: 'failed', reason: await revertReason(deps.client, receipt), blockNumber };
  }
  const event = matchEvent(row, receipt);
  if (!event) return { status: 'failed', reason: TRANSFER_FAILURES.noEvent(row.kind), blockNumber };
  return { status: 'confirmed', assets: event.args.assets, shares: event.args.shares, blockNumber, logIndex: event.logIndex };
}

/**
 * One pass of the server's receipt check: every pending transfer whose receipt
 * is CHAIN_CONFIRMATIONS deep is confirmed (with the vault event's exact
 * amounts) or failed (with the reason). Only pending rows are ever updated, so
 * several server instances may run passes at once.
 */
export async function confirmPendingTransfers(deps: Deps): Promise<{ confirmed: number; failed: number; pending: number }> {
  const rows = await deps.db
    .select()
    .from(transfers)
    .where(and(eq(transfers.status, 'pending'), eq(transfers.chainId, deps.config.chainId)))
    .orderBy(asc(transfers.submittedAt))
    .limit(BATCH);
  const tally = { confirmed: 0, failed: 0, pending: 0 };
  if (rows.length === 0) return tally;
  const head = await deps.client.getBlockNumber({ cacheTime: 0 });
  for (const row of rows) {
    let verdict: Verdict;
    try {
      verdict = await judge(deps, row, head);
    } catch (error) {
      // An RPC hiccup leaves the row pending for the next pass.
      deps.logger.warn({ transfer: row.id, cause: chainErrorKind(error) }, 'transfer receipt check failed');
      verdict = { status: 'pending' };
    }
    tally[verdict.status] += 1;
    if (verdict.status === 'pending') continue;
    const at = new Date(deps.now());
    const settled =
      verdict.status === 'confirmed'
        ? {
            status: 'confirmed' as const,
            assets: verdict.assets.toString(),
            shares: verdict.shares.toString(),
            blockNumber: verdict.blockNumber,
            logIndex: verdict.logIndex,
          }
        : { status: 'failed' as const, failureReason: verdict.reason, blockNumber: verdict.blockNumber };
    await deps.db.transaction(async (tx) => {
      const marked = await tx
        .update(transfers)
        .set({ ...settled, settledAt: at, updatedAt: at })
        .where(and(eq(transfers.id, row.id), eq(transfers.status, 'pending')))
        .returning({ id: transfers.id });
      // Only the instance whose update marked the row mails about it.
      if (marked.length > 0 && verdict.status === 'confirmed' && deps.notify) {
        await notifyConfirmedTransfer(tx, deps.notify, row, verdict);
      }
    });
  }
  return tally;
}

/** Runs confirmPendingTransfers every CHAIN_POLL_MS (never two passes at once); answers the stop function. */
export function startTransferConfirmer(deps: Deps & { config: Pick<Config, 'chainPollMs'> }): () => void {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    confirmPendingTransfers(deps)
      .catch((error: unknown) => deps.logger.warn({ cause: chainErrorKind(error) }, 'transfer confirmation pass failed'))
      .finally(() => {
        isRunning = false;
      });
  }, deps.config.chainPollMs);
  timer.unref();
  return () => clearInterval(timer);
}
