/**
 * Wallet and chain errors, read without importing viem (this module may sit in
 * any chunk). viem and wagmi wrap the wallet's EIP-1193 error in causes.
 */

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== null && current !== undefined && chain.length < 10) {
    chain.push(current);
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return chain;
}

/** The user said no in the wallet: EIP-1193 code 4001 (viem: UserRejectedRequestError). */
export function isUserRejection(error: unknown): boolean {
  return causes(error).some(
    (cause) =>
      typeof cause === 'object' &&
      cause !== null &&
      (('code' in cause && cause.code === 4001) || ('name' in cause && cause.name === 'UserRejectedRequestError')),
  );
}

/** viem/wagmi errors carry a one-line shortMessage; the full message adds debug details. */
export function readableError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'shortMessage' in error && typeof error.shortMessage === 'string') {
    if (error.shortMessage) return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
