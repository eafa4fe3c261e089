import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { formatDecimal, formatUsd, type DepositSummary } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { findVault, findVaultByName, type VaultId } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import type { PositionsData } from '~/lib/positions';
import { useTransferDialogs } from '~/lib/transfer-dialogs';
import { VAULT_UNAVAILABLE_MESSAGE } from '~/lib/vault-statuses';
import { useWalletState } from '~/lib/wallet-state';
import { NoticeCard } from '~/components/notice-card';
import { SignToLinkButton, WalletLinkError } from '~/components/wallet-link-parts';
import type { Dashboard } from '../hooks/use-dashboard';
import { RealisedApyNote } from './realised-apy-note';
import { ReadFailed } from './stat-card';

type OpenTransfer = (vaultId?: VaultId) => void;

function TransferButtons({
  vaultName,
  vaultId,
  onDeposit,
  onWithdraw,
}: {
  vaultName: string;
  vaultId: VaultId | undefined;
  onDeposit: OpenTransfer;
  onWithdraw: OpenTransfer;
}) {
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onDeposit(vaultId)} aria-label={`Deposit to ${vaultName}`}>
        Deposit
      </Button>
      <Button size="sm" variant="outline" onClick={() => onWithdraw(vaultId)} aria-label={`Withdraw from ${vaultName}`}>
        Withdraw
      </Button>
    </div>
  );
}

function LinkPrompt() {
  const wallet = useWalletState();
  const isConnected = wallet.status === 'connected' && wallet.address !== null;
  if (wallet.status === 'connecting' || wallet.status === 'reconnecting' || wallet.linkStatus === 'checking') {
    return (
      <div className="flex items-center gap-2 text-muted-foreground">
        <Spinner label="Connecting wallet" /> Connecting your wallet…
      </div>
    );
  }
  return (
    <NoticeCard
      icon={Wallet}
      title={isConnected ? 'Not linked — sign to link this wallet' : 'Connect a wallet to see your deposits'}
      description={
        isConnected
          ? 'Balances are shown only for a wallet you have proved is yours by signing a message. Signing costs nothing.'
          : 'Your balances are read from Base and from the deposits recorded for your linked wallet.'
      }
    >
      <WalletLinkError wallet={wallet} />
      {isConnected && wallet.isAvailable ? (
        <SignToLinkButton wallet={wallet} />
      ) : (
        <Button asChild>
          <Link to={paths.vaultDashboard}>Connect Wallet</Link>
        </Button>
      )}
    </NoticeCard>
  );
}

function OnChainVaultCard({
  position,
  onDeposit,
  onWithdraw,
}: {
  position: PositionsData['positions'][number];
  onDeposit: OpenTransfer;
  onWithdraw: OpenTransfer;
}) {
  const vault = findVault(position.vaultId);
  const titleId = `active-onchain-${position.vaultId}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>{position.vaultName}</CardTitle>
        <div className="flex gap-1">
          <Badge variant="success">Active</Badge>
          <Badge variant="info">On chain</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-muted-foreground">Value</dt>
          <dd className="text-right font-medium" data-testid={`onchain-value-${position.vaultId}`}>
            {formatUsd(BigInt(position.assets))}
          </dd>
          <dt className="text-muted-foreground">Shares</dt>
          <dd className="text-right font-medium" data-testid={`onchain-shares-${position.vaultId}`}>
            {formatDecimal(BigInt(position.shares), position.shareDecimals, 2)}
          </dd>
          <dt className="text-muted-foreground">Share price</dt>
          <dd className="text-right font-medium">{formatDecimal(BigInt(position.sharePrice), 6, 2)} USDC</dd>
          <dt className="text-muted-foreground">Target APY</dt>
          <dd className="text-right font-medium">{vault?.apyText ?? '—'}</dd>
        </dl>
        <RealisedApyNote vaultId={position.vaultId} />
        <TransferButtons vaultName={position.vaultName} vaultId={vault?.id} onDeposit={onDeposit} onWithdraw={onWithdraw} />
      </CardContent>
    </Card>
  );
}

function RecordedVaultCard({
  name,
  summary: vaultSummary,
  onDeposit,
  onWithdraw,
}: {
  name: string;
  summary: DepositSummary;
  onDeposit: OpenTransfer;
  onWithdraw: OpenTransfer;
}) {
  const vault = findVaultByName(name);
  return (
    <Card aria-labelledby={`active-${name}`}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={`active-${name}`}>{name}</CardTitle>
        <div className="flex gap-1">
          <Badge variant="success">Active</Badge>
          <Badge variant="secondary">Recorded</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="text-right font-medium">{formatUsd(vaultSummary.totalBalance)}</dd>
          <dt className="text-muted-foreground">APY</dt>
          <dd className="text-right font-medium">{vaultSummary.averageApy}%</dd>
          <dt className="text-muted-foreground">Recent earnings</dt>
          <dd className="text-right font-medium text-success">+{formatUsd(vaultSummary.totalEarnings)}</dd>
        </dl>
        <TransferButtons vaultName={name} vaultId={vault?.id} onDeposit={onDeposit} onWithdraw={onWithdraw} />
      </CardContent>
    </Card>
  );
}

/**
 * Active Vaults: a warning for each vault the server could not verify, then
 * what to do without a linked wallet, or a card per vault the saver holds —
 * on chain and recorded — each with its own Deposit and Withdraw.
 */
export function ActiveVaults({ dashboard }: { dashboard: Dashboard }) {
  const { openDeposit, openWithdraw } = useTransferDialogs();
  const { onChain, recorded } = dashboard;
  return (
    <section aria-labelledby="active-vaults" className="flex flex-col gap-4">
      <h2 id="active-vaults" className="text-xl font-semibold">
        Active Vaults
      </h2>
      {dashboard.unavailableVaults.map((vault) => (
        <Alert key={vault.id} variant="warning">
          <strong>{vault.name}:</strong> {VAULT_UNAVAILABLE_MESSAGE}. No figures are shown for it until it is verified again.
        </Alert>
      ))}
      {!dashboard.hasLink && !dashboard.isLinkLoading ? (
        <LinkPrompt />
      ) : dashboard.isLoading ? (
        <div className="flex items-center gap-2 text-muted-foreground">
          <Spinner label="Loading balances" /> Loading your balances…
        </div>
      ) : (
        <>
          {dashboard.isReadFailed ? (
            <Alert variant="destructive">
              <ReadFailed onRefresh={dashboard.refreshPositions} isRefreshing={dashboard.isRefreshingPositions} />
            </Alert>
          ) : null}
          {onChain.length === 0 && recorded.byVault.length === 0 && !dashboard.isReadFailed ? (
            <Card>
              <CardContent className="flex flex-col items-start gap-3 pt-6">
                <p className="font-medium">No deposits yet</p>
                <p className="text-sm text-muted-foreground">
                  Your deposits will appear here once they are confirmed on Base. Choose a vault to get started.
                </p>
                <Button asChild variant="outline">
                  <Link to={paths.vaults}>Choose a vault</Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <div className="grid gap-4 md:grid-cols-3">
              {onChain.map((position) => (
                <OnChainVaultCard
                  key={`${position.walletAddress}-${position.vaultId}`}
                  position={position}
                  onDeposit={openDeposit}
                  onWithdraw={openWithdraw}
                />
              ))}
              {recorded.byVault.map(({ vault: name, summary }) => (
                <RecordedVaultCard key={name} name={name} summary={summary} onDeposit={openDeposit} onWithdraw={openWithdraw} />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
