/**
 * Query keys shared across features: the wallet feature refreshes the deposit
 * list once it has saved the connected wallet (the deposits endpoint answers
 * only for the user's saved wallet).
 */
export const DEPOSITS_QUERY_KEY = ['deposits'] as const;

/** Everything under /api/history (performance page, dashboard figures): refreshed after a transfer. */
export const HISTORY_QUERY_KEY = ['history'] as const;
