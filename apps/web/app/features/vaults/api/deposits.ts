import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { DEPOSITS_QUERY_KEY } from '~/lib/query-keys';

/** GET /api/deposits?wallet=: the manual deposits recorded for the connected wallet. */
export function depositsQueryOptions(wallet: string | null) {
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_KEY, wallet?.toLowerCase() ?? null],
    enabled: wallet !== null,
    queryFn: async () => {
      if (!wallet) return { deposits: [] };
      return readJson(await api.deposits.$get({ query: { wallet: wallet.toLowerCase() } }));
    },
  });
}
