import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { TRANSFERS_QUERY_KEY } from '~/lib/query-keys';

/**
 * GET /api/transfers: the deposits and withdrawals this account sent through
 * Keel, with the server's own confirmation status. The first-run checklist
 * reads it (a deposit sent means a vault was chosen).
 */
export function transfersQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: TRANSFERS_QUERY_KEY,
    enabled,
    queryFn: async () => (await readJson(await api.transfers.$get())).transfers,
  });
}
