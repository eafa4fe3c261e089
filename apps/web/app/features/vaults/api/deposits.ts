import { parseAddress } from '@keel/core/address';
import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { DEPOSITS_QUERY_KEY } from '~/lib/query-keys';

/** GET /api/deposits?wallet=: the manual deposits recorded for the connected wallet. */
export function depositsQueryOptions(wallet: string | null) {
  // Core's address rule: the cache key and the query carry the one lower-cased form.
  const address = wallet === null ? null : parseAddress(wallet);
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_KEY, address],
    enabled: address !== null,
    queryFn: async () => {
      if (!address) return { deposits: [] };
      return readJson(await api.deposits.$get({ query: { wallet: address } }));
    },
  });
}
