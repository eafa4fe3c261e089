import { DEPOSIT_DIALOG } from './constants.js';
import { USDC_DECIMALS, parsePositiveUsdc } from './money.js';

/** The two ways money moves through Keel: into a vault, or back out to the wallet. */
export const TRANSFER_KINDS = ['deposit', 'withdraw'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/**
 * Rules and words of the deposit and withdraw dialogs, shared
 * by the web dialogs and the server. Amounts are integers of USDC's smallest
 * unit (micro-USDC, 6 decimals); nothing here uses floating point.
 */

export const TRANSFER_MESSAGES = {
  // The product's fixed wording, kept from the first, simulated dialogs.
  missingTitle: 'Missing Information',
  missingDescription: 'Please select a vault and enter an amount',
  depositInitiated: 'Deposit Initiated',
  depositSuccessful: 'Deposit Successful',
  withdrawalInitiated: 'Withdrawal Initiated',
  withdrawalProcessing: 'Withdrawal Processing',
  // The withdrawal dialog's final state, as the deposit's is "Deposit Successful".
  withdrawalSuccessful: 'Withdrawal Successful',
  depositCancelled: 'Deposit cancelled in your wallet',
  withdrawalCancelled: 'Withdrawal cancelled in your wallet',
  depositFailed: 'Deposit failed',
  withdrawalFailed: 'Withdrawal failed',
  belowMinimum: `Minimum deposit is $${DEPOSIT_DIALOG.minimumUsd}`,
  overBalance: 'Not enough USDC in this wallet',
  noGas: 'You need a little ETH on Base to pay the network fee',
  // Keel's own words for the remaining rule (required / malformed / zero: core's USDC_AMOUNT_MESSAGES).
  overWithdrawable: 'More than you can withdraw from this vault',
} as const;

/** The displayed minimum deposit ($10), now enforced, in micro-USDC. */
export const MINIMUM_DEPOSIT_UNITS = BigInt(DEPOSIT_DIALOG.minimumUsd) * 10n ** BigInt(USDC_DECIMALS);

export type AmountCheck = { ok: true; units: bigint } | { ok: false; message: string };

/**
 * A typed USDC amount by core's one positive-amount rule (parsePositiveUsdc): a
 * plain decimal with at most 6 decimals, above 0. Commas, signs, exponents and
 * spaces inside are refused rather than guessed at.
 */
export function parseAmountInput(text: string): AmountCheck {
  const parsed = parsePositiveUsdc(text);
  return parsed.ok ? { ok: true, units: parsed.micro } : parsed;
}

export type DepositFacts = {
  /** The wallet's USDC balance, micro-USDC. */
  usdcBalance: bigint;
  /** The wallet's ETH balance on Base, wei; null when Keel pays the network fee (a passkey account). */
  ethBalance: bigint | null;
  /** The estimated network fee of the whole deposit, wei, when known. */
  estimatedFeeWei: bigint | null;
};

function lacksGas(facts: { ethBalance: bigint | null; estimatedFeeWei: bigint | null }): boolean {
  if (facts.ethBalance === null) return false;
  return facts.ethBalance === 0n || (facts.estimatedFeeWei !== null && facts.ethBalance < facts.estimatedFeeWei);
}

/** Every rule a deposit amount must pass before any wallet request, first failure wins. */
export function checkDepositAmount(text: string, facts: DepositFacts): AmountCheck {
  const parsed = parseAmountInput(text);
  if (!parsed.ok) return parsed;
  if (parsed.units < MINIMUM_DEPOSIT_UNITS) return { ok: false, message: TRANSFER_MESSAGES.belowMinimum };
  if (parsed.units > facts.usdcBalance) return { ok: false, message: TRANSFER_MESSAGES.overBalance };
  if (lacksGas(facts)) return { ok: false, message: TRANSFER_MESSAGES.noGas };
  return parsed;
}

export type WithdrawFacts = {
  /** maxWithdraw(wallet): what the vault would pay out now, micro-USDC. */
  maxWithdraw: bigint;
  /** null when Keel pays the network fee (a passkey account). */
  ethBalance: bigint | null;
  estimatedFeeWei: bigint | null;
};

/** A withdrawal amount: positive, at most 6 decimals, within maxWithdraw, and ETH for the fee. */
export function checkWithdrawAmount(text: string, facts: WithdrawFacts): AmountCheck {
  const parsed = parseAmountInput(text);
  if (!parsed.ok) return parsed;
  if (parsed.units > facts.maxWithdraw) return { ok: false, message: TRANSFER_MESSAGES.overWithdrawable };
  if (lacksGas(facts)) return { ok: false, message: TRANSFER_MESSAGES.noGas };
  return parsed;
}

/**
 * Custom errors the OpenZeppelin ERC-20/ERC-4626 contracts (and Base's USDC)
 * revert with, as plain ABI data for viem's reads and writes (revert-reason.ts decodes their bytes).
 */
export const TRANSFER_ERRORS_ABI = [
  { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
  {
    type: 'error',
    name: 'ERC20InsufficientBalance',
    inputs: [
      { name: 'sender', type: 'address' },
      { name: 'balance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
  },
  {
    type: 'error',
    name: 'ERC20InsufficientAllowance',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'allowance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
  },
  ...(
    ['ERC4626ExceededMaxDeposit', 'ERC4626ExceededMaxMint', 'ERC4626ExceededMaxWithdraw', 'ERC4626ExceededMaxRedeem'] as const
  ).map(
    (name) =>
      ({
        type: 'error',
        name,
        inputs: [
          { name: 'account', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'max', type: 'uint256' },
        ],
      }) as const,
  ),
  { type: 'error', name: 'SafeERC20FailedOperation', inputs: [{ name: 'token', type: 'address' }] },
] as const;

const PLAIN_REVERTS: Record<string, string> = {
  ERC20InsufficientBalance: 'The wallet does not hold enough for this transfer.',
  ERC20InsufficientAllowance: 'The vault was not allowed to take this much USDC.',
  ERC4626ExceededMaxDeposit: 'The vault is not accepting a deposit this large right now.',
  ERC4626ExceededMaxMint: 'The vault is not accepting a deposit this large right now.',
  ERC4626ExceededMaxWithdraw: 'The vault cannot pay out this much right now.',
  ERC4626ExceededMaxRedeem: 'The vault cannot pay out this much right now.',
  SafeERC20FailedOperation: 'The USDC transfer did not go through.',
};

export const UNKNOWN_REVERT = 'The vault refused this transaction.';

/**
 * A revert in plain words: the contract's own message for require(…, "message")
 * ("Vault is paused."), a sentence for the known custom errors, otherwise a
 * general one. Never raw hex.
 */
export function plainRevertReason(revert: { errorName: string | null; message: string | null }): string {
  if (revert.errorName === 'Error' && revert.message) {
    const text = revert.message.trim();
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  if (revert.errorName === 'Panic') return 'The vault contract hit an internal error.';
  return (revert.errorName && PLAIN_REVERTS[revert.errorName]) ?? UNKNOWN_REVERT;
}
