import { queryOptions } from '@tanstack/react-query';
import { MINUTE_MS } from '@keel/core/constants';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { api, readJson } from '~/lib/api-client';
import { VAULT_STATUSES_QUERY_KEY } from '~/lib/query-keys';

export const VAULT_UNAVAILABLE_MESSAGE = VAULT_MESSAGES.unavailable;

/** GET /api/vaults: which of the three vaults the server verified (chain, ERC-4626, USDC, 6 decimals). */
export function vaultStatusesQueryOptions() {
  return queryOptions({
    queryKey: VAULT_STATUSES_QUERY_KEY,
    staleTime: MINUTE_MS,
    queryFn: async () => (await readJson(await api.vaults.$get())).vaults,
  });
}

export type VaultStatus = Awaited<ReturnType<NonNullable<ReturnType<typeof vaultStatusesQueryOptions>['queryFn']>>>[number];
