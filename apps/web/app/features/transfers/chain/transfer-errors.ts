import { describeRevert as describeRevertBytes } from '@keel/core/revert-reason';
import { plainRevertReason, TRANSFER_MESSAGES, UNKNOWN_REVERT } from '@keel/core/transfer-rules';
import { BaseError, ContractFunctionRevertedError } from 'viem';
import { isUserRejection } from '~/lib/wallet-errors';

/** What went wrong with a transfer, in the words the dialog shows. */
export type TransferProblem =
  { kind: 'cancelled' } | { kind: 'reverted'; reason: string } | { kind: 'interrupted'; message: string };

/** A revert found before anything was sent (simulation) or after (receipt status reverted). */
export class TransferRevertedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'TransferRevertedError';
    this.reason = reason;
  }
}

/**
 * The reason a contract gave, in plain words. viem has already decoded a revert
 * of a call made with Keel's ABIs (require messages as written, known custom
 * errors as sentences); raw bytes elsewhere in the chain go to core's decoder,
 * the one the server's receipt check uses too.
 */
export function describeRevert(error: unknown): string {
  if (error instanceof TransferRevertedError) return error.reason;
  if (!(error instanceof BaseError)) return UNKNOWN_REVERT;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && (reverted.data || reverted.reason)) {
    return plainRevertReason({
      errorName: reverted.data?.errorName ?? 'Error',
      message: reverted.reason ?? null,
    });
  }
  return describeRevertBytes(error);
}

function hasName(error: unknown, names: readonly string[]): boolean {
  return error instanceof BaseError && Boolean(error.walk((cause) => cause instanceof Error && names.includes(cause.name)));
}

/**
 * Sorts a failure into the three outcomes the dialogs show: the user said no
 * (4001), the contract refused (a revert, with its reason), or the flow was
 * interrupted (wallet disconnected, wrong network, Base unreachable).
 */
export function classifyTransferError(error: unknown): TransferProblem {
  if (isUserRejection(error)) return { kind: 'cancelled' };
  if (error instanceof TransferRevertedError) return { kind: 'reverted', reason: error.reason };
  if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError)) {
    return { kind: 'reverted', reason: describeRevert(error) };
  }
  if (hasName(error, ['ChainMismatchError', 'SwitchChainNotSupportedError'])) {
    return { kind: 'interrupted', message: 'Your wallet is not on Base. Switch it to Base and try again.' };
  }
  if (
    hasName(error, [
      'ConnectorNotConnectedError',
      'ConnectorAccountNotFoundError',
      'ProviderDisconnectedError',
      'ChainDisconnectedError',
    ]) ||
    (error instanceof Error && /disconnected|not connected/i.test(error.message))
  ) {
    return { kind: 'interrupted', message: 'Your wallet disconnected. Reconnect it and try again.' };
  }
  if (hasName(error, ['HttpRequestError', 'TimeoutError', 'WaitForTransactionReceiptTimeoutError'])) {
    return { kind: 'interrupted', message: 'Base could not be reached. Check your connection and try again.' };
  }
  if (hasName(error, ['InsufficientFundsError'])) {
    return { kind: 'interrupted', message: TRANSFER_MESSAGES.noGas };
  }
  return { kind: 'interrupted', message: 'Something went wrong with your wallet. Please try again.' };
}
