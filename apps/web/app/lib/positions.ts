import { queryOptions } from '@tanstack/react-query';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { api, readJson } from '~/lib/api-client';
import { POSITIONS_QUERY_KEY } from '~/lib/query-keys';

export const POSITIONS_FAILED_MESSAGE = VAULT_MESSAGES.balancesReadFailed;

/**
 * GET /api/positions: what the linked wallet holds in each available vault,
 * read from chain by the server. Not cached for long: balances move.
 */
export function positionsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: POSITIONS_QUERY_KEY,
    enabled,
    staleTime: 0,
    queryFn: async () => {
      try {
        return await readJson(await api.positions.$get());
      } catch {
        throw new Error(POSITIONS_FAILED_MESSAGE);
      }
    },
  });
}

export type PositionsData = Awaited<ReturnType<NonNullable<ReturnType<typeof positionsQueryOptions>['queryFn']>>>;
