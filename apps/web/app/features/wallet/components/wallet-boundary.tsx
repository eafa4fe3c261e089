import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { PageSkeleton } from '~/components/ui/skeleton';
import { publicConfigQueryOptions } from '~/lib/public-config';

const WalletRuntime = lazy(() => import('./wallet-runtime'));

/**
 * The lazy boundary of SPEC/ARCHITECTURE: wagmi, viem and the wallet config load
 * only when a signed-in page renders this. Children see the wallet through
 * useWalletState() (lib/wallet-state); if the configuration cannot be read they
 * render without a wallet (the panel then says so).
 */
export function WalletBoundary({ children }: { children: ReactNode }) {
  const config = useQuery(publicConfigQueryOptions());
  if (config.isPending) return <PageSkeleton label="Loading wallet" />;
  if (config.isError) return children;
  return (
    <Suspense fallback={<PageSkeleton label="Loading wallet" />}>
      <WalletRuntime baseRpcUrl={config.data.baseRpcUrl}>{children}</WalletRuntime>
    </Suspense>
  );
}
