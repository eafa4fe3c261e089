/**
 * Query keys shared across features: the wallet feature refreshes what depends
 * on the linked wallet (deposits, positions) once a link is proven, and the
 * transfer dialogs refresh them after a confirmed transfer.
 */
export const DEPOSITS_QUERY_KEY = ['deposits'] as const;
export const LINKED_WALLET_QUERY_KEY = ['linked-wallet'] as const;
export const POSITIONS_QUERY_KEY = ['positions'] as const;
export const VAULT_STATUSES_QUERY_KEY = ['vault-statuses'] as const;
