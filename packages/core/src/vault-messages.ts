/**
 * The vault and deposit messages, shared by the server (which answers
 * with them) and the web app (which shows them), so the two never drift.
 */
export const VAULT_MESSAGES = {
  rateLimited: 'Rate limit exceeded. Please try again later.',
  fetchFailed: 'Failed to fetch vault data',
  network: 'Network error occurred',
  unknownVault: 'Unknown vault',
  walletNotLinked: 'This wallet is not linked to your account.',
  // A vault that failed verification, and a failed read of the user's positions.
  unavailable: 'This vault is unavailable right now',
  balancesReadFailed: 'Balances could not be read from Base',
} as const;
