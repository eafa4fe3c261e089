import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { DEPOSITS_QUERY_KEY } from '~/lib/query-keys';

/** GET /api/deposits: the manual deposits recorded for the account's linked wallet(s); the server decides which. */
export function depositsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: DEPOSITS_QUERY_KEY,
    enabled,
    queryFn: async () => readJson(await api.deposits.$get({ query: {} })),
  });
}
