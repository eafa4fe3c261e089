import { History, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';

/** No history to show: first a wallet to link, then nothing on chain yet. */
export function PerformanceEmptyState({ hasWallet }: { hasWallet: boolean }) {
  const Icon = hasWallet ? History : Wallet;
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-6">
        <p className="flex items-center gap-2 font-medium">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {hasWallet ? 'No history yet' : 'Link a wallet to see your history'}
        </p>
        <p className="text-sm text-muted-foreground">
          {hasWallet
            ? 'Deposits into a Keel vault from your linked wallet appear here within seconds of being confirmed on Base, with your earnings and the vaults’ realised APY.'
            : 'Your performance is read from the Base transactions of the wallets linked to your account.'}
        </p>
        <Button asChild variant={hasWallet ? 'outline' : 'default'}>
          <Link to={hasWallet ? paths.vaults : paths.vaultDashboard}>{hasWallet ? 'Choose a vault' : 'Link a wallet'}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
