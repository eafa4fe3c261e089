import { useMemo, type ReactNode } from 'react';
import { WagmiProvider, useConnection } from 'wagmi';
import { WalletStateContext, type WalletState } from '~/lib/wallet-state';
import { useWalletSync } from '../hooks/use-wallet-sync';
import { getWalletConfig } from '../wallet-config';

/** Publishes wagmi's connection to screens that must not import wagmi. */
function WalletStateBridge({ children }: { children: ReactNode }) {
  const { status, address, chainId } = useConnection();
  useWalletSync();
  const state = useMemo<WalletState>(
    () => ({ isAvailable: true, status, address: address ?? null, chainId: chainId ?? null }),
    [status, address, chainId],
  );
  return <WalletStateContext value={state}>{children}</WalletStateContext>;
}

/**
 * Everything that imports wagmi/viem hangs off this module, which only
 * WalletBoundary loads (with a dynamic import) on the signed-in pages.
 */
export default function WalletRuntime({ baseRpcUrl, children }: { baseRpcUrl: string; children: ReactNode }) {
  const config = getWalletConfig(baseRpcUrl);
  return (
    <WagmiProvider config={config} reconnectOnMount>
      <WalletStateBridge>{children}</WalletStateBridge>
    </WagmiProvider>
  );
}
