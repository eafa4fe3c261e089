import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '~/lib/toast';
import { useConnection, useConnectionEffect, useSwitchChain } from 'wagmi';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { useSession } from '~/hooks/use-session';
import { DEPOSITS_QUERY_KEY } from '~/lib/query-keys';
import { saveWallet } from '../api/save-wallet';
import { forgetConnectedWallet, rememberConnectedWallet } from '../wallet-storage';

/**
 * Connections already handled in this page load. Module-level because every
 * protected page mounts its own provider, and a page change must not save (and
 * toast) the same wallet again.
 */
const syncedConnections = new Set<string>();

/**
 * Set when the user presses a connect button, so the save is confirmed with a
 * toast; the silent auto-reconnect of a reload or page change saves quietly
 * (failures are still reported).
 */
let userStartedConnection = false;

export function noteUserConnection(isStarting: boolean): void {
  userStartedConnection = isStarting;
}

function forgetConnections(): void {
  syncedConnections.clear();
  forgetConnectedWallet();
}

/**
 * SPEC §4: on connection with a signed-in user, switch to Base when on another
 * chain, then save the wallet (PUT /api/wallet).
 */
export function useWalletSync(): void {
  const { user } = useSession();
  const { status, address, chainId } = useConnection();
  const { switchChainAsync } = useSwitchChain();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useConnectionEffect({ onDisconnect: forgetConnections });

  useEffect(() => {
    if (status !== 'connected' || !address || !userId) return;
    const key = `${userId}:${address.toLowerCase()}`;
    if (syncedConnections.has(key)) return;
    syncedConnections.add(key);
    rememberConnectedWallet(address, [BASE_CHAIN_ID]);
    const confirmSave = userStartedConnection;
    userStartedConnection = false;

    void (async () => {
      let savedChainId = chainId;
      if (chainId !== BASE_CHAIN_ID) {
        try {
          await switchChainAsync({ chainId: BASE_CHAIN_ID });
          savedChainId = BASE_CHAIN_ID;
          toast.success('Switched to Base network');
        } catch (error) {
          console.error('Failed to switch to Base network', error);
          toast.error('Failed to switch to Base network');
        }
      }
      try {
        await saveWallet({ walletAddress: address, chainId: savedChainId });
        if (confirmSave) toast.success('Wallet connected and saved');
        await queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY });
      } catch (error) {
        console.error('Failed to save wallet data', error);
        toast.error('Failed to save wallet data');
        // Let a later connection try again.
        syncedConnections.delete(key);
      }
    })();
    // chainId is read once per connection on purpose: a later chain change is
    // not a new connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, address, userId, switchChainAsync, queryClient]);
}
