import { History, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { NoticeCard } from '~/components/notice-card';

/** No history to show: first a wallet to link, then nothing on chain yet. */
export function PerformanceEmptyState({ hasWallet }: { hasWallet: boolean }) {
  return (
    <NoticeCard
      icon={hasWallet ? History : Wallet}
      title={hasWallet ? 'No history yet' : 'Link a wallet to see your history'}
      description={
        hasWallet
          ? 'USDC that arrives in your linked wallet and deposits into a Keel vault appear here within seconds of being confirmed on Base, with your earnings and the vaults’ realised APY.'
          : 'Your performance is read from the Base transactions of the wallets linked to your account.'
      }
    >
      <Button asChild variant={hasWallet ? 'outline' : 'default'}>
        <Link to={hasWallet ? paths.vaults : paths.vaultDashboard}>{hasWallet ? 'Choose a vault' : 'Link a wallet'}</Link>
      </Button>
    </NoticeCard>
  );
}
