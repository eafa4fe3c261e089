import { useQuery } from '@tanstack/react-query';
import type { VaultId } from '@keel/core/vaults';
import { vaultFiguresQueryOptions } from '../api/vault-figures';
import { vaultStatusesQueryOptions } from '~/lib/vault-statuses';
import { liveFiguresState, sharePriceChart, vaultAvailability } from '../vault-page-state';

/** A vault page's public side: whether the vault is verified, its contract (address, own name, curator), live figures and share-price chart. */
export function useVaultFigures(vaultId: VaultId) {
  const figures = useQuery(vaultFiguresQueryOptions(vaultId));
  const statuses = useQuery(vaultStatusesQueryOptions());
  const { isUnavailable, address } = vaultAvailability(vaultId, statuses.data, figures.data);
  const live = liveFiguresState({
    isUnavailable,
    isPending: figures.isPending,
    error: figures.error,
    data: figures.data,
  });
  const chart = sharePriceChart(isUnavailable, figures.data);
  const contract = statuses.data?.find((status) => status.id === vaultId)?.contract ?? null;
  return { isUnavailable, address, contract, live, chart, retry: () => void figures.refetch() };
}
