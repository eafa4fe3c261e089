import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '~/lib/api-client';
import { takeEarlyResponse } from '~/lib/early-requests';
import { LINKED_WALLET_QUERY_KEY } from '~/lib/query-keys';

/**
 * GET /api/wallet: the wallet the signed-in account proved with a signature, or
 * null. Shared because the wallet panel, the dashboard and the transfer dialogs
 * all depend on it; only the server decides what counts as linked.
 */
export function linkedWalletQueryOptions() {
  return queryOptions({
    queryKey: LINKED_WALLET_QUERY_KEY,
    queryFn: async () => {
      // A signed-in page's shell asked already (lib/early-requests).
      const early = takeEarlyResponse('/api/wallet');
      const body = early
        ? await readJson<InferResponseType<typeof api.wallet.$get, 200>>(await early)
        : await readJson(await api.wallet.$get());
      return body.wallet;
    },
  });
}
