import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';

/**
 * GET /api/history?range=7d: the user's own last seven days from chain, which
 * replaces the weekly example block once there is real history. Same key as
 * the performance page's 7-day range, so the two share one cached answer.
 */
export function recentWeekQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: [...HISTORY_QUERY_KEY, '7d'],
    enabled,
    queryFn: async () => readJson(await api.history.$get({ query: { range: '7d' } })),
  });
}
