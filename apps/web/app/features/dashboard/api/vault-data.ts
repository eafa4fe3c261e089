import { queryOptions } from '@tanstack/react-query';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { api } from '~/lib/api-client';

/** GET /api/vaults/:address, with the panel's error messages (a failed read, and an unverified vault). */
export function vaultDataQueryOptions(address: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['vault-data', address],
    enabled,
    queryFn: async () => {
      let response: Awaited<ReturnType<(typeof api.vaults)[':address']['$get']>>;
      try {
        response = await api.vaults[':address'].$get({ param: { address } });
      } catch {
        throw new Error(VAULT_MESSAGES.network);
      }
      if (response.status === 429) throw new Error(VAULT_MESSAGES.rateLimited);
      if (response.status === 503) throw new Error(VAULT_MESSAGES.unavailable);
      if (!response.ok) throw new Error(VAULT_MESSAGES.fetchFailed);
      try {
        return await response.json();
      } catch {
        throw new Error(VAULT_MESSAGES.fetchFailed);
      }
    },
  });
}
