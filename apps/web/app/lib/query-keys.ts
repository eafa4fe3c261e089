/**
 * Query keys shared across features: the wallet feature refreshes what depends
 * on the linked wallet (deposits, positions, history) once a link is proven, and
 * the transfer dialogs refresh them after a confirmed transfer.
 */
export const DEPOSITS_QUERY_KEY = ['deposits'] as const;
export const LINKED_WALLET_QUERY_KEY = ['linked-wallet'] as const;
export const POSITIONS_QUERY_KEY = ['positions'] as const;
/** The account's sent transfers (GET /api/transfers): refreshed after a transfer. */
export const TRANSFERS_QUERY_KEY = ['transfers'] as const;
export const VAULT_STATUSES_QUERY_KEY = ['vault-statuses'] as const;
/** Everything under /api/history (performance page, dashboard figures): refreshed after a transfer or a wallet link. */
export const HISTORY_QUERY_KEY = ['history'] as const;
