import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_MS } from '@keel/core/constants';

/** Cache 24 h, no refetch on focus, no retries, offline-first. */
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

let browserClient: QueryClient | undefined;

/**
 * One client for the whole tab, so moving between layouts keeps the cache (and
 * the session) instead of starting over. Prerendering gets a throwaway client.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
