import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PageSkeleton } from '~/components/ui/skeleton';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { LOADING_WALLET, DISCONNECTED_WALLET, WalletStateContext, type WalletState } from '~/lib/wallet-state';

const WalletRuntime = lazy(() => import('./wallet-runtime'));
type Publisher = ComponentType<{ baseRpcUrl: string; onState: (state: WalletState) => void }>;

/** When the wallet code cannot load, the page it did not hold back says so where a wallet is needed. */
function WalletCodeFailed({ onState }: { onState: (state: WalletState) => void }) {
  useEffect(() => onState(DISCONNECTED_WALLET), [onState]);
  return null;
}

const WalletStatePublisher = lazy(() =>
  import('./wallet-runtime').then(
    (module): { default: Publisher } => ({ default: module.WalletStatePublisher }),
    (): { default: Publisher } => ({ default: WalletCodeFailed }),
  ),
);

/**
 * The wallet's lazy boundary (ARCHITECTURE.md): wagmi, viem and the wallet config load
 * only when a signed-in page renders this. Children see the wallet through
 * useWalletState() (lib/wallet-state); if the configuration cannot be read they
 * render without a wallet (the panel then says so).
 *
 * `contentFirst`: for a page whose own content only reads useWalletState() (the
 * dashboard), the content renders at once with a loading wallet and the wallet
 * code loads beside it (so the page's largest paint does not wait for
 * ~36 KiB of wallet code). The content is never re-mounted when the wallet
 * arrives; wagmi-using parts inside it go through the state's withWallet.
 */
export function WalletBoundary({ children, contentFirst = false }: { children: ReactNode; contentFirst?: boolean }) {
  if (contentFirst) return <ContentFirstBoundary>{children}</ContentFirstBoundary>;
  return <WalletAroundContent>{children}</WalletAroundContent>;
}

function WalletAroundContent({ children }: { children: ReactNode }) {
  const config = useQuery(publicConfigQueryOptions());
  if (config.isPending) return <PageSkeleton label="Loading wallet" />;
  if (config.isError) return children;
  return (
    <Suspense fallback={<PageSkeleton label="Loading wallet" />}>
      <WalletRuntime baseRpcUrl={config.data.baseRpcUrl}>{children}</WalletRuntime>
    </Suspense>
  );
}

function ContentFirstBoundary({ children }: { children: ReactNode }) {
  const config = useQuery(publicConfigQueryOptions());
  const [published, setPublished] = useState<WalletState | null>(null);
  // Loading until the runtime reports; without a configuration there will be no wallet.
  const state = published ?? (config.isError ? DISCONNECTED_WALLET : LOADING_WALLET);
  return (
    <>
      <WalletStateContext value={state}>{children}</WalletStateContext>
      {config.data ? (
        <Suspense fallback={null}>
          <WalletStatePublisher baseRpcUrl={config.data.baseRpcUrl} onState={setPublished} />
        </Suspense>
      ) : null}
    </>
  );
}
