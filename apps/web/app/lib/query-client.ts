import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_MS } from '@keel/core/constants';

/** SPEC §9: cache 24 h, no refetch on focus, no retries, offline-first. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_MS,
        staleTime: 0,
        refetchOnWindowFocus: false,
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
