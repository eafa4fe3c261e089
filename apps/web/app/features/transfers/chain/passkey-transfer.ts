import type { PasskeyAccount } from '@keel/core/passkey-account';
import { UserRejectedRequestError, type Address, type Hash, type TransactionReceipt } from 'viem';
import { TransferInterruptedError, type StepUpdate } from './run-transfer';
import { TransferRevertedError } from './transfer-errors';

export type PasskeyTransferRequest = {
  account: PasskeyAccount;
  settings: { rpcUrl: string; bundlerUrl: string; chainId: number; confirmations: number };
  vault: Address;
  onSteps: (steps: StepUpdate[]) => void;
  onSubmitted: (hash: Hash) => void;
} & (
  | { kind: 'deposit'; usdc: Address; assets: bigint }
  | { kind: 'withdraw'; redeemAll: boolean; assets: bigint; onShares: (shares: bigint) => void }
);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== null && current !== undefined && chain.length < 10) {
    chain.push(current);
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return chain;
}

/** The browser's passkey prompt was dismissed or timed out: the saver said no, nothing was signed. */
function isPasskeyDeclined(error: unknown): boolean {
  return causes(error).some(
    (cause) =>
      typeof cause === 'object' &&
      cause !== null &&
      'name' in cause &&
      (cause.name === 'NotAllowedError' || cause.name === 'AbortError'),
  );
}

/**
 * A deposit or withdrawal from the saver's passkey account: one operation, one
 * passkey prompt (approve and deposit together), the fee paid by Keel's
 * paymaster. Its failures are translated into the wallet path's, so the dialog
 * shows the same outcomes: declined, reverted with a reason, or interrupted.
 */
export async function runPasskeyTransfer(request: PasskeyTransferRequest): Promise<TransactionReceipt> {
  const step = request.kind === 'deposit' ? 'batch' : 'withdraw';
  const operations = await import('~/lib/passkey-operations');
  let hash: Hash | null = null;
  const events = {
    confirmations: request.settings.confirmations,
    onSigning: () => request.onSteps([{ id: step, state: 'passkey' }]),
    onSubmitted: (submitted: Hash) => {
      hash = submitted;
      request.onSubmitted(submitted);
      request.onSteps([{ id: step, state: 'submitted', hash: submitted }]);
    },
  };
  try {
    const connected = await operations.connectPasskeyAccount({ account: request.account, ...request.settings });
    let receipt: TransactionReceipt;
    if (request.kind === 'deposit') {
      receipt = await operations.depositWithPasskey(connected, {
        ...events,
        usdc: request.usdc,
        vault: request.vault,
        assets: request.assets,
      });
    } else if (request.redeemAll) {
      receipt = await operations.redeemAllWithPasskey(connected, { ...events, vault: request.vault, onShares: request.onShares });
    } else {
      receipt = await operations.withdrawWithPasskey(connected, { ...events, vault: request.vault, assets: request.assets });
    }
    request.onSteps([{ id: step, state: 'confirmed', hash: receipt.transactionHash }]);
    return receipt;
  } catch (error) {
    if (isPasskeyDeclined(error)) throw new UserRejectedRequestError(error instanceof Error ? error : new Error(String(error)));
    if (error instanceof operations.PasskeyOperationError) {
      if (error.hash) throw new TransferRevertedError(error.message);
      throw new TransferInterruptedError(error.message, hash);
    }
    throw error;
  }
}
