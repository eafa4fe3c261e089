import { useCallback } from 'react';
import { useSwitchChain } from 'wagmi';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { toast } from '~/lib/toast';

/** Asks the wallet to switch to Base and says how it went; a refusal is told, never thrown. */
export function useSwitchToBase() {
  const { switchChainAsync, isPending } = useSwitchChain();
  const switchToBase = useCallback(async () => {
    try {
      await switchChainAsync({ chainId: BASE_CHAIN_ID });
      toast.success('Switched to Base network');
    } catch (error) {
      console.error('Failed to switch to Base network', error);
      toast.error('Failed to switch to Base network');
    }
  }, [switchChainAsync]);
  return { switchToBase, isSwitching: isPending };
}
