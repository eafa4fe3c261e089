import { useMemo, type ReactNode } from 'react';
import { WagmiProvider, useConnection } from 'wagmi';
import { WalletStateContext, type WalletState } from '~/lib/wallet-state';
import { useWalletLink } from '../hooks/use-wallet-link';
import { getWalletConfig } from '../wallet-config';

/** Publishes wagmi's connection and the wallet's link to screens that must not import wagmi. */
function WalletStateBridge({ children }: { children: ReactNode }) {
  const { status, address, chainId } = useConnection();
  const { linkStatus, linkError, requestLink } = useWalletLink();
  const state = useMemo<WalletState>(
    () => ({
      isAvailable: true,
      status,
      address: address ?? null,
      chainId: chainId ?? null,
      linkStatus,
      linkError,
      requestLink,
    }),
    [status, address, chainId, linkStatus, linkError, requestLink],
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
