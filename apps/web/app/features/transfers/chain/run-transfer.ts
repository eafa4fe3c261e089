import { RECEIPT_POLLING_MS } from '@keel/core/constants';
import {
  readContract,
  sendCalls,
  simulateContract,
  waitForCallsStatus,
  waitForTransactionReceipt,
  writeContract,
} from 'viem/actions';
import {
  getAbiItem,
  toEventSelector,
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type TransactionReceipt,
  type Transport,
} from 'viem';
import { simulateAndEstimate } from './estimate-fee';
import { USDC_ABI, VAULT_ABI, approveCall, depositCall } from '~/lib/vault-calls';
import { TransferRevertedError, describeRevert } from './transfer-errors';
import { canBatchAtomically } from './wallet-capabilities';

/** topic0 of ERC-4626 Deposit(sender, owner, assets, shares): finds the deposit among a batch's receipts. */
const DEPOSIT_TOPIC = toEventSelector(getAbiItem({ abi: VAULT_ABI, name: 'Deposit' }));

export type TransferStepId = 'approve' | 'deposit' | 'batch' | 'withdraw';
/** waiting: not reached yet; wallet/passkey: waiting for the user there; submitted: sent, being confirmed. */
export type StepState = 'waiting' | 'wallet' | 'passkey' | 'submitted' | 'confirmed';
export type StepUpdate = { id: TransferStepId; state: StepState; hash?: Hash };

type Clients = {
  publicClient: Client<Transport, Chain>;
  walletClient: Client<Transport, Chain, Account>;
};

type Common = Clients & {
  account: Address;
  vault: Address;
  /** CHAIN_CONFIRMATIONS: the transfer counts as done only this many blocks deep. */
  confirmations: number;
  onSteps: (steps: StepUpdate[]) => void;
  /** The transfer's own hash exists (deposit, redeem or withdraw): record it, say "Initiated". */
  onSubmitted: (hash: Hash) => void;
};

export class TransferInterruptedError extends Error {
  readonly hash: Hash | null;
  constructor(message: string, hash: Hash | null) {
    super(message);
    this.name = 'TransferInterruptedError';
    this.hash = hash;
  }
}

/**
 * Waits until the transaction is `confirmations` deep. A wallet speed-up
 * (same call, higher fee) is followed; a cancellation or another transaction in
 * its place is not this transfer. A reverted receipt is replayed at its block
 * to learn the reason.
 */
async function waitUntilConfirmed(
  clients: Clients,
  request: {
    hash: Hash;
    confirmations: number;
    replay: (blockNumber: bigint) => Promise<unknown>;
    onRepriced?: (hash: Hash) => void;
  },
): Promise<TransactionReceipt> {
  let replacedBy: 'cancelled' | 'replaced' | null = null;
  const receipt = await waitForTransactionReceipt(clients.publicClient, {
    hash: request.hash,
    confirmations: Math.max(1, request.confirmations),
    pollingInterval: RECEIPT_POLLING_MS,
    onReplaced: (replacement) => {
      if (replacement.reason === 'repriced') request.onRepriced?.(replacement.transaction.hash);
      else replacedBy = replacement.reason;
    },
  });
  if (replacedBy) throw new TransferInterruptedError(`The transaction was ${replacedBy} in your wallet.`, request.hash);
  if (receipt.status !== 'success') {
    let reason = 'The transaction was reverted.';
    try {
      await request.replay(receipt.blockNumber);
    } catch (error) {
      reason = describeRevert(error);
    }
    throw new TransferRevertedError(reason);
  }
  return receipt;
}

export type DepositRequest = Common & { usdc: Address; assets: bigint; chainId: number };

/**
 * A deposit. If the allowance is short: an atomic EIP-5792
 * batch (approve exactly + deposit) where the wallet supports it and the pair
 * could be simulated first; otherwise approve exactly → wait for its receipt → re-simulate
 * → deposit. Every write is simulated before the wallet is asked. Resolves with
 * the deposit's receipt once CHAIN_CONFIRMATIONS deep.
 */
export async function runDeposit(request: DepositRequest): Promise<TransactionReceipt> {
  const { publicClient, walletClient, account, usdc, vault, assets } = request;
  const allowance = await readContract(publicClient, {
    address: usdc,
    abi: USDC_ABI,
    functionName: 'allowance',
    args: [account, vault],
  });
  const simulateDeposit = (blockNumber?: bigint) =>
    simulateContract(publicClient, {
      account,
      address: vault,
      abi: VAULT_ABI,
      functionName: 'deposit',
      args: [assets, account],
      ...(blockNumber === undefined ? {} : { blockNumber }),
    });

  const needsApproval = allowance < assets;
  // With a short allowance the pair approve + deposit is simulated in order before anything is asked,
  // so a deposit the vault would refuse never costs an approval. A node without eth_simulateV1 cannot
  // do this: then no batch (it could not be simulated), and each write below is simulated on its own.
  let isPairSimulated = false;
  if (needsApproval) {
    try {
      await simulateAndEstimate(publicClient, {
        account,
        calls: [approveCall(usdc, vault, assets), depositCall(vault, assets, account)],
      });
      isPairSimulated = true;
    } catch (error) {
      if (error instanceof TransferRevertedError) throw error;
    }
  }

  if (isPairSimulated && (await canBatchAtomically(walletClient, request.chainId))) {
    request.onSteps([{ id: 'batch', state: 'wallet' }]);
    const { id } = await sendCalls(walletClient, {
      account: walletClient.account,
      forceAtomic: true,
      calls: [
        { to: usdc, abi: USDC_ABI, functionName: 'approve', args: [vault, assets] },
        { to: vault, abi: VAULT_ABI, functionName: 'deposit', args: [assets, account] },
      ],
    });
    request.onSteps([{ id: 'batch', state: 'submitted' }]);
    const result = await waitForCallsStatus(walletClient, { id, timeout: 5 * 60_000 });
    const receipts = result.receipts ?? [];
    const depositReceipt = receipts.find((receipt) =>
      receipt.logs.some((log) => log.address.toLowerCase() === vault.toLowerCase() && log.topics[0] === DEPOSIT_TOPIC),
    );
    const hash = depositReceipt?.transactionHash ?? receipts.at(-1)?.transactionHash;
    if (!hash) throw new TransferRevertedError('The wallet did not carry out the batch.');
    request.onSubmitted(hash);
    request.onSteps([{ id: 'batch', state: 'submitted', hash }]);
    if (result.status !== 'success' || !depositReceipt) {
      throw new TransferRevertedError(
        receipts.some((receipt) => receipt.status !== 'success')
          ? 'The transaction was reverted.'
          : 'The wallet did not carry out the batch.',
      );
    }
    const receipt = await waitUntilConfirmed(request, { hash, confirmations: request.confirmations, replay: simulateDeposit });
    request.onSteps([{ id: 'batch', state: 'confirmed', hash }]);
    return receipt;
  }

  const steps = (approve: StepUpdate | null, deposit: StepUpdate) => request.onSteps(approve ? [approve, deposit] : [deposit]);
  let approveStep: StepUpdate | null = needsApproval ? { id: 'approve', state: 'waiting' } : null;
  if (needsApproval) {
    const { request: approval } = await simulateContract(publicClient, {
      account,
      address: usdc,
      abi: USDC_ABI,
      functionName: 'approve',
      args: [vault, assets],
    });
    steps({ id: 'approve', state: 'wallet' }, { id: 'deposit', state: 'waiting' });
    const approveHash = await writeContract(walletClient, { ...approval, account: walletClient.account });
    steps({ id: 'approve', state: 'submitted', hash: approveHash }, { id: 'deposit', state: 'waiting' });
    await waitUntilConfirmed(request, {
      hash: approveHash,
      confirmations: 1,
      replay: (blockNumber) =>
        simulateContract(publicClient, {
          account,
          address: usdc,
          abi: USDC_ABI,
          functionName: 'approve',
          args: [vault, assets],
          blockNumber,
        }),
    });
    approveStep = { id: 'approve', state: 'confirmed', hash: approveHash };
  }
  // Simulated again now that the allowance is on chain.
  const { request: deposit } = await simulateDeposit();
  steps(approveStep, { id: 'deposit', state: 'wallet' });
  const hash = await writeContract(walletClient, { ...deposit, account: walletClient.account });
  request.onSubmitted(hash);
  steps(approveStep, { id: 'deposit', state: 'submitted', hash });
  const receipt = await waitUntilConfirmed(request, {
    hash,
    confirmations: request.confirmations,
    replay: simulateDeposit,
    onRepriced: request.onSubmitted,
  });
  steps(approveStep, { id: 'deposit', state: 'confirmed', hash });
  return receipt;
}

export type WithdrawRequest = Common & {
  /** Max: redeem every share the wallet holds (read again just before sending), so none is left behind. */
  redeemAll: boolean;
  /** The assets to withdraw when not redeeming all. */
  assets: bigint;
  /** Told how many shares a Max withdrawal redeems, for the record. */
  onShares?: (shares: bigint) => void;
};

/** A withdrawal: redeem(balanceOf) for Max, withdraw(assets) otherwise; simulated first. */
export async function runWithdraw(request: WithdrawRequest): Promise<TransactionReceipt> {
  const { publicClient, walletClient, account, vault } = request;
  const at = (blockNumber?: bigint) => (blockNumber === undefined ? {} : { blockNumber });
  let simulate: (blockNumber?: bigint) => Promise<{ request: Parameters<typeof writeContract>[1] }>;
  if (request.redeemAll) {
    const shares = await readContract(publicClient, {
      address: vault,
      abi: VAULT_ABI,
      functionName: 'balanceOf',
      args: [account],
    });
    request.onShares?.(shares);
    simulate = (blockNumber) =>
      simulateContract(publicClient, {
        account,
        address: vault,
        abi: VAULT_ABI,
        functionName: 'redeem',
        args: [shares, account, account],
        ...at(blockNumber),
      });
  } else {
    simulate = (blockNumber) =>
      simulateContract(publicClient, {
        account,
        address: vault,
        abi: VAULT_ABI,
        functionName: 'withdraw',
        args: [request.assets, account, account],
        ...at(blockNumber),
      });
  }
  const { request: write } = await simulate();
  request.onSteps([{ id: 'withdraw', state: 'wallet' }]);
  const hash = await writeContract(walletClient, { ...write, account: walletClient.account });
  request.onSubmitted(hash);
  request.onSteps([{ id: 'withdraw', state: 'submitted', hash }]);
  const receipt = await waitUntilConfirmed(request, {
    hash,
    confirmations: request.confirmations,
    replay: simulate,
    onRepriced: request.onSubmitted,
  });
  request.onSteps([{ id: 'withdraw', state: 'confirmed', hash }]);
  return receipt;
}
