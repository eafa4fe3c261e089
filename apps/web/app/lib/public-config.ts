import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';

/**
 * GET /api/config: the public subset of the server's configuration (vault
 * addresses, RPC URL, WalletConnect project id). Shared because both the
 * wallet and the vault screens need it; it never changes while a tab is open.
 */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['public-config'],
    queryFn: async () => readJson(await api.config.$get()),
    staleTime: Infinity,
  });
}
