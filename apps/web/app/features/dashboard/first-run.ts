import type { TransferKind } from '@keel/core/transfer-rules';

/** The three first-run steps of the dashboard, in order. */
export const FIRST_RUN_STEP_IDS = ['link-wallet', 'choose-vault', 'first-deposit'] as const;
export type FirstRunStepId = (typeof FIRST_RUN_STEP_IDS)[number];
export type FirstRunStepState = 'done' | 'in-progress' | 'todo';

/** What the server says about the account: nothing here is the browser's own claim. */
export type FirstRunFacts = {
  /** GET /api/wallet: a wallet proven by signature. */
  hasLinkedWallet: boolean;
  /** GET /api/positions: the linked wallet holds shares of a vault now. */
  hasPosition: boolean;
  /** GET /api/deposits: the operator recorded a deposit for the wallet. */
  hasRecordedDeposits: boolean;
  /** GET /api/history/overview: the indexer found the wallet's deposits on chain. */
  hasHistory: boolean;
  /** GET /api/transfers: what the account sent through Keel, with the server's receipt status. */
  transfers: readonly { kind: TransferKind; status: 'pending' | 'confirmed' | 'failed' }[];
};

export type FirstRunStep = { id: FirstRunStepId; state: FirstRunStepState };

function hasMoneyIn(facts: FirstRunFacts): boolean {
  return facts.hasPosition || facts.hasRecordedDeposits || facts.hasHistory;
}

/**
 * Each step ticks itself off from the server's facts: a linked wallet; a vault
 * chosen once a deposit into it was sent (or money is in one); the first
 * deposit once it is confirmed on chain (in progress while its receipt is awaited).
 */
export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] {
  const deposits = facts.transfers.filter((transfer) => transfer.kind === 'deposit');
  const isConfirmed = hasMoneyIn(facts) || deposits.some((transfer) => transfer.status === 'confirmed');
  const isPending = deposits.some((transfer) => transfer.status === 'pending');
  const isChosen = isConfirmed || isPending;
  return [
    { id: 'link-wallet', state: facts.hasLinkedWallet ? 'done' : 'todo' },
    { id: 'choose-vault', state: isChosen ? 'done' : 'todo' },
    { id: 'first-deposit', state: isConfirmed ? 'done' : isPending ? 'in-progress' : 'todo' },
  ];
}

/** A first run: no money in any vault yet (a linked wallet alone does not end it). */
export function isFirstRun(facts: FirstRunFacts): boolean {
  return !hasMoneyIn(facts);
}
