import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '~/lib/api-client';
import { takeEarlyResponse } from '~/lib/early-requests';

type PublicConfig = InferResponseType<typeof api.config.$get, 200>;

/**
 * GET /api/config: the public subset of the server's configuration (vault
 * addresses, RPC URL, WalletConnect project id). Shared because both the
 * wallet and the vault screens need it; it never changes while a tab is open.
 */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['public-config'],
    queryFn: async () => {
      // A signed-in page's shell asked already (lib/early-requests).
      const early = takeEarlyResponse('/api/config');
      return early ? readJson<PublicConfig>(await early) : readJson(await api.config.$get());
    },
    staleTime: Infinity,
  });
}
