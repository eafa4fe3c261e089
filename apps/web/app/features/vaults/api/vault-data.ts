import { queryOptions } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const VAULT_DATA_ERRORS = {
  rateLimited: 'Rate limit exceeded. Please try again later.',
  failed: 'Failed to fetch vault data',
  network: 'Network error occurred',
  unavailable: 'This vault is unavailable right now',
} as const;

/** GET /api/vaults/:address, with the panel's three error messages (SPEC §8). */
export function vaultDataQueryOptions(address: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['vault-data', address],
    enabled,
    queryFn: async () => {
      let response: Awaited<ReturnType<(typeof api.vaults)[':address']['$get']>>;
      try {
        response = await api.vaults[':address'].$get({ param: { address } });
      } catch {
        throw new Error(VAULT_DATA_ERRORS.network);
      }
      if (response.status === 429) throw new Error(VAULT_DATA_ERRORS.rateLimited);
      if (response.status === 503) throw new Error(VAULT_DATA_ERRORS.unavailable);
      if (!response.ok) throw new Error(VAULT_DATA_ERRORS.failed);
      try {
        return await response.json();
      } catch {
        throw new Error(VAULT_DATA_ERRORS.failed);
      }
    },
  });
}
