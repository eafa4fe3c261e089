import { formatUsd, parsePositiveUsdc, parseUsdc } from '@keel/core/money';

/**
 * The dialogs' amount rule (SPEC §5): required, nothing more — the $10 minimum
 * and the balance are shown, not enforced. Anything core's positive-amount rule
 * refuses (empty, malformed, zero) counts as "no amount". Returns micro-USDC.
 */
export function parseTransferAmount(input: string): bigint | null {
  const parsed = parsePositiveUsdc(input);
  return parsed.ok ? parsed.micro : null;
}

/** A dollar figure from the constants/sample tables, formatted like the money math: "$5,240.50". */
export function formatDollars(value: number): string {
  return formatUsd(parseUsdc(value.toFixed(6)));
}

/** "arrives instantly" / "arrives in 1-2 hours". */
export function arrivalPhrase(withdrawalTime: string): string {
  return withdrawalTime.toLowerCase() === 'instant' ? 'instantly' : `in ${withdrawalTime}`;
}
