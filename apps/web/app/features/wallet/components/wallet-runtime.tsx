import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { WagmiContext, WagmiProvider, useConnection } from 'wagmi';
import { WalletStateContext, type WalletState } from '~/lib/wallet-state';
import { useWalletLink } from '../hooks/use-wallet-link';
import { getWalletConfig } from '../wallet-config';

const inProvider = (content: ReactNode) => content;

/** wagmi's connection and the wallet's link, as screens that must not import wagmi see them. */
function useBridgedState(withWallet: WalletState['withWallet']): WalletState {
  const { status, address, chainId } = useConnection();
  const { linkStatus, linkError, requestLink } = useWalletLink();
  return useMemo<WalletState>(
    () => ({
      isAvailable: true,
      isLoading: false,
      status,
      address: address ?? null,
      chainId: chainId ?? null,
      linkStatus,
      linkError,
      requestLink,
      withWallet,
    }),
    [status, address, chainId, linkStatus, linkError, requestLink, withWallet],
  );
}

/** Publishes wagmi's connection and the wallet's link to screens that must not import wagmi. */
function WalletStateBridge({ children }: { children: ReactNode }) {
  return <WalletStateContext value={useBridgedState(inProvider)}>{children}</WalletStateContext>;
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

function StateReporter({
  onState,
  withWallet,
}: {
  onState: (state: WalletState) => void;
  withWallet: WalletState['withWallet'];
}) {
  const state = useBridgedState(withWallet);
  useEffect(() => onState(state), [onState, state]);
  return null;
}

/**
 * The same runtime for a page that rendered before this code arrived
 * (WalletBoundary contentFirst): it sits beside the page instead of around it, so
 * the page is never re-mounted, and reports the wallet's state up. Content that
 * uses wagmi itself (the transfer forms) goes under the same config through
 * `withWallet` (one wagmi store per config: both places see one wallet).
 * Memoised: WagmiProvider reconnects on every render of its own, so the page's
 * re-render on each reported state must not reach it (that was a render loop).
 */
export const WalletStatePublisher = memo(function WalletStatePublisher({
  baseRpcUrl,
  onState,
}: {
  baseRpcUrl: string;
  onState: (state: WalletState) => void;
}) {
  const config = getWalletConfig(baseRpcUrl);
  const withWallet = useMemo(
    // The context alone, not a second WagmiProvider: its Hydrate would reconnect
    // (or, without reconnectOnMount, clear the connections) on every render.
    () => (content: ReactNode) => <WagmiContext value={config}>{content}</WagmiContext>,
    [config],
  );
  return (
    <WagmiProvider config={config} reconnectOnMount>
      <StateReporter onState={onState} withWallet={withWallet} />
    </WagmiProvider>
  );
});
