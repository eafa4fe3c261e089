import { lazy, Suspense } from 'react';
import { Wallet } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { useSession } from '~/hooks/use-session';
import { useWalletState } from '~/lib/wallet-state';

const WalletPanelContent = lazy(() => import('./wallet-panel-content'));

/** The wallet panel. The wagmi-using body loads lazily, inside WalletBoundary. */
export function WalletPanel() {
  const wallet = useWalletState();
  const email = useSession().user?.email ?? null;
  return (
    <Card aria-labelledby="wallet-panel-title">
      <CardHeader>
        <h2 id="wallet-panel-title" className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <Wallet className="size-5 text-primary" aria-hidden="true" />
          Wallet Connection
        </h2>
        {email ? <CardDescription>Signed in as {email}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {wallet.isAvailable ? (
          <Suspense fallback={<Spinner label="Loading wallet options" />}>
            <WalletPanelContent />
          </Suspense>
        ) : (
          <Alert variant="destructive">Wallet connection is unavailable right now. Please reload the page.</Alert>
        )}
      </CardContent>
    </Card>
  );
}
