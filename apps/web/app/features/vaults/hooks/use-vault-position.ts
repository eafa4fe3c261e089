import { useQuery } from '@tanstack/react-query';
import type { VaultId } from '@keel/core/vaults';
import { linkedWalletQueryOptions } from '~/lib/linked-wallet';
import { positionsQueryOptions } from '~/lib/positions';
import { positionState } from '../vault-page-state';

/** What the saver's linked wallet holds in one vault; positions are asked for only once a wallet is linked. */
export function useVaultPosition(vaultId: VaultId) {
  const linked = useQuery(linkedWalletQueryOptions());
  const hasWallet = Boolean(linked.data?.walletAddress);
  const positions = useQuery(positionsQueryOptions(hasWallet));
  return positionState({
    vaultId,
    isWalletLoading: linked.isLoading,
    hasWallet,
    isPositionsLoading: positions.isLoading,
    isPositionsError: positions.isError,
    positions: positions.data?.positions,
  });
}
