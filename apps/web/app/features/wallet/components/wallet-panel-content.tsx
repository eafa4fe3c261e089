import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, PenLine, QrCode } from 'lucide-react';
import { useConnect, useConnection, useDisconnect } from 'wagmi';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import { shortenAddress } from '@keel/core/money';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { readableError } from '~/lib/wallet-errors';
import { useWalletState } from '~/lib/wallet-state';
import { useSwitchToBase } from '../hooks/use-switch-to-base';
import { useWalletOptions } from '../hooks/use-wallet-options';
import { noteUserConnection } from '../hooks/use-wallet-link';
import { networkName } from '../network-name';
import { walletOptionName } from '../wallet-option-name';

const QR_NOT_CONFIGURED = 'QR wallet unavailable: WalletConnect is not configured on this server';
const QR_NOT_IN_BUILD = 'QR wallet unavailable: WalletConnect is not included in this build of Keel';

function ConnectOptions() {
  const { connect, error, isPending, variables } = useConnect();
  const { status } = useConnection();
  const options = useWalletOptions();
  const publicConfig = useQuery(publicConfigQueryOptions());
  const isBusy = isPending || status === 'connecting' || status === 'reconnecting';
  const qrReason = publicConfig.data?.walletConnectProjectId ? QR_NOT_IN_BUILD : QR_NOT_CONFIGURED;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {status === 'reconnecting' ? 'Reconnecting to your wallet…' : 'Connect a wallet to see your deposits on Base.'}
      </p>
      <ul className="flex flex-col gap-2" aria-label="Wallet options">
        {options.map(({ connector, unavailableReason }) => {
          const isThisPending = isPending && variables?.connector === connector;
          const reasonId = `wallet-reason-${connector.uid}`;
          return (
            <li key={connector.uid} className="flex flex-col gap-1">
              <Button
                variant="outline"
                className="justify-start"
                disabled={isBusy || unavailableReason !== null}
                aria-describedby={unavailableReason ? reasonId : undefined}
                onClick={() => {
                  noteUserConnection(true);
                  connect({ connector }, { onError: () => noteUserConnection(false) });
                }}
              >
                {connector.icon ? <img src={connector.icon} alt="" className="size-5 rounded" /> : null}
                {walletOptionName(connector)}
                {isThisPending ? <Spinner label="Connecting" /> : null}
              </Button>
              {unavailableReason ? (
                <span id={reasonId} className="text-xs text-muted-foreground">
                  {unavailableReason}
                </span>
              ) : null}
            </li>
          );
        })}
        <li className="flex flex-col gap-1">
          <Button variant="outline" className="justify-start" disabled aria-describedby="wallet-reason-qr">
            <QrCode aria-hidden="true" />
            WalletConnect (QR wallet)
          </Button>
          <span id="wallet-reason-qr" className="text-xs text-muted-foreground">
            {qrReason}
          </span>
        </li>
      </ul>
      {status === 'connecting' || status === 'reconnecting' ? <Spinner label="Connecting" /> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="wallet-connect-error">
          {readableError(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A connected wallet counts as the account's only once linked by a signature (decision 007). */
function LinkState() {
  const { linkStatus, linkError, requestLink } = useWalletState();
  if (linkStatus === 'checking') return <Spinner label="Checking the wallet link" />;
  if (linkStatus === 'linked') {
    return (
      <p className="flex items-center gap-2 text-sm text-success" data-testid="wallet-link-state">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        Linked to your account
      </p>
    );
  }
  return (
    <div
      className="flex flex-col items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
      data-testid="wallet-link-state"
    >
      <p className="text-sm font-medium text-amber-950">Not linked — sign to link this wallet</p>
      <p className="text-xs text-amber-950">
        Signing a message proves this wallet is yours. It sends no transaction and costs nothing. Balances are shown only for a
        linked wallet.
      </p>
      {linkError ? (
        <p role="alert" className="text-sm text-destructive" data-testid="wallet-link-error">
          {linkError}
        </p>
      ) : null}
      <Button size="sm" onClick={requestLink} disabled={linkStatus === 'linking'}>
        {linkStatus === 'linking' ? <Spinner label="Waiting for your signature" /> : <PenLine aria-hidden="true" />}
        {linkStatus === 'linking' ? 'Waiting for your signature…' : 'Sign to link'}
      </Button>
    </div>
  );
}

function ConnectedWallet({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  const { disconnect, isPending: isDisconnecting } = useDisconnect();
  const { switchToBase, isSwitching } = useSwitchToBase();
  const isBase = chainId === BASE_CHAIN_ID;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted-foreground">Connected wallet</span>
        <code className="rounded bg-muted px-2 py-1 font-mono text-sm" title={address} data-testid="wallet-address">
          {shortenAddress(address)}
        </code>
        <Badge variant={isBase ? 'success' : 'warning'} data-testid="wallet-network">
          {networkName(chainId)}
        </Badge>
      </div>
      <LinkState />
      <div className="flex flex-wrap gap-2">
        {isBase ? null : (
          <Button onClick={() => void switchToBase()} disabled={isSwitching}>
            {isSwitching ? <Spinner label="Switching" /> : null}
            Switch to Base
          </Button>
        )}
        <Button variant="outline" onClick={() => disconnect()} disabled={isDisconnecting}>
          Disconnect
        </Button>
      </div>
    </div>
  );
}

export default function WalletPanelContent() {
  const { status, address, chainId } = useConnection();
  // A page change remounts the provider, which reconnects: keep showing the wallet meanwhile.
  const hasWallet = status === 'connected' || status === 'reconnecting';
  if (hasWallet && address && chainId !== undefined) {
    return <ConnectedWallet address={address} chainId={chainId} />;
  }
  return <ConnectOptions />;
}
