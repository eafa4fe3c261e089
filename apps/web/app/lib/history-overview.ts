import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';

/**
 * GET /api/history/overview: on-chain earnings (since the first deposit) and the
 * realised 30-day APY of the user's linked wallets, plus each vault's own
 * realised 30-day APY. Shared: the dashboard's totals and the vault cards both
 * show it. `enabled`: the dashboard asks only once a wallet is linked.
 */
export function historyOverviewQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: [...HISTORY_QUERY_KEY, 'overview'],
    enabled,
    queryFn: async () => readJson(await api.history.overview.$get()),
  });
}

export type HistoryOverviewData = Awaited<ReturnType<NonNullable<ReturnType<typeof historyOverviewQueryOptions>['queryFn']>>>;
