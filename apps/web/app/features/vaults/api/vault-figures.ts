import { queryOptions } from '@tanstack/react-query';
import type { VaultId } from '@keel/core/vaults';
import { api, readJson } from '~/lib/api-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';

/** New blocks are indexed every few seconds: a vault page re-reads while it is open. */
export const VAULT_FIGURES_REFRESH_MS = 15_000;

/**
 * GET /api/history/vaults/:id: one vault's live figures (total assets, share
 * price, realised APY 7d/30d) and its share-price series over 30 days. Under the
 * history key, so a confirmed transfer refreshes it with the rest.
 */
export function vaultFiguresQueryOptions(id: VaultId) {
  return queryOptions({
    queryKey: [...HISTORY_QUERY_KEY, 'vault', id],
    queryFn: async () => readJson(await api.history.vaults[':id'].$get({ param: { id }, query: { range: '30d' } })),
    refetchInterval: VAULT_FIGURES_REFRESH_MS,
  });
}

export type VaultFiguresData = Awaited<ReturnType<NonNullable<ReturnType<typeof vaultFiguresQueryOptions>['queryFn']>>>;
