import { formatUsd, parseUsdc } from '@keel/core/money';

/**
 * The dialogs' amount rule (SPEC §5): required, nothing more — the $10 minimum
 * and the balance are shown, not enforced. Empty, malformed or zero input
 * counts as "no amount". Returns micro-USDC.
 */
export function parseTransferAmount(input: string): bigint | null {
  try {
    const micro = parseUsdc(input);
    return micro > 0n ? micro : null;
  } catch {
    return null;
  }
}

/** A dollar figure from the constants/sample tables, formatted like the money math: "$5,240.50". */
export function formatDollars(value: number): string {
  return formatUsd(parseUsdc(value.toFixed(6)));
}

/** "arrives instantly" / "arrives in 1-2 hours". */
export function arrivalPhrase(withdrawalTime: string): string {
  return withdrawalTime.toLowerCase() === 'instant' ? 'instantly' : `in ${withdrawalTime}`;
}
