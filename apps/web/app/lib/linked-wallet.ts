import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { LINKED_WALLET_QUERY_KEY } from '~/lib/query-keys';

/**
 * GET /api/wallet: the wallet the signed-in account proved with a signature, or
 * null. Shared because the wallet panel, the dashboard and the transfer dialogs
 * all depend on it; only the server decides what counts as linked.
 */
export function linkedWalletQueryOptions() {
  return queryOptions({
    queryKey: LINKED_WALLET_QUERY_KEY,
    queryFn: async () => (await readJson(await api.wallet.$get())).wallet,
  });
}
