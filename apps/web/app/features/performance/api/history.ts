import { queryOptions } from '@tanstack/react-query';
import type { PerformanceRangeId } from '@keel/core/constants';
import { api, readJson } from '~/lib/api-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';

/** New blocks are indexed every few seconds: the page re-reads while it is open. */
export const HISTORY_REFRESH_MS = 10_000;

/** GET /api/history?range=: the signed-in user's figures, chart series and recent activity for a range. */
export function historyQueryOptions(range: PerformanceRangeId) {
  return queryOptions({
    queryKey: [...HISTORY_QUERY_KEY, range],
    queryFn: async () => readJson(await api.history.$get({ query: { range } })),
    refetchInterval: HISTORY_REFRESH_MS,
  });
}

export type HistoryData = Awaited<ReturnType<NonNullable<ReturnType<typeof historyQueryOptions>['queryFn']>>>;

/** Where the browser downloads the CSV (same origin: the session cookie goes along); the server streams it. */
export const ACTIVITY_CSV_URL = '/api/history/export.csv';
