import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { paths } from '@keel/core/paths';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import type { TransferKind } from '@keel/core/transfer-rules';
import type { VaultId } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { useWalletState } from '~/lib/wallet-state';
import { SignToLinkButton, WalletLinkError } from '~/components/wallet-link-parts';
import { passkeyAccountQueryOptions } from '~/lib/passkey-account-query';
import { chooseTransferSource } from '../chain/transfer-source';

// wagmi/viem load with the form, behind the wallet boundary: never with a page chunk.
const FORMS = {
  deposit: lazy(() => import('./deposit-form')),
  withdraw: lazy(() => import('./withdraw-form')),
};

const TEXTS = {
  deposit: {
    title: 'Deposit USDC',
    description: 'Choose a vault and an amount to deposit from your wallet on Base.',
    passkeyDescription: 'Choose a vault and an amount to deposit from your savings account.',
    loading: 'Loading the deposit form',
  },
  withdraw: {
    title: 'Withdraw USDC',
    description: 'Choose a vault and an amount to withdraw to your wallet on Base.',
    passkeyDescription: 'Choose a vault and an amount to withdraw to your savings account.',
    loading: 'Loading the withdraw form',
  },
} as const;

type TransferDialogProps = {
  kind: TransferKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVaultId: VaultId | null;
};

/**
 * The deposit or withdraw dialog: USDC moves between a vault on Base and the
 * linked wallet, or the saver's passkey account when no linked wallet is connected.
 */
export function TransferDialog({ kind, open, onOpenChange, initialVaultId }: TransferDialogProps) {
  const Form = FORMS[kind];
  const texts = TEXTS[kind];
  const wallet = useWalletState();
  const config = useQuery(publicConfigQueryOptions());
  const passkey = useQuery({ ...passkeyAccountQueryOptions(), enabled: config.data?.passkeyAccount.enabled === true });
  const source = chooseTransferSource(wallet, passkey.data);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{source.kind === 'passkey' ? texts.passkeyDescription : texts.description}</DialogDescription>
        </DialogHeader>
        {open ? (
          <LinkedWalletGate passkey={source.kind === 'passkey' ? source.account : null}>
            {(address, account) => (
              <Suspense fallback={<Spinner label={texts.loading} />}>
                <Form account={address} passkey={account} initialVaultId={initialVaultId} onClose={() => onOpenChange(false)} />
              </Suspense>
            )}
          </LinkedWalletGate>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Money moves only from the account's linked wallet or its passkey account:
 * the dialog body is shown once a wallet is connected and proven, or for the
 * passkey account, otherwise what to do. The forms read Base through the
 * wallet code either way.
 */
function LinkedWalletGate({
  passkey,
  children,
}: {
  passkey: PasskeyAccount | null;
  children: (address: `0x${string}`, passkey: PasskeyAccount | null) => React.ReactNode;
}) {
  const wallet = useWalletState();
  if (wallet.isLoading) return <Spinner label="Loading your wallet" />;
  if (!wallet.isAvailable) {
    return <Alert variant="destructive">Wallet connection is unavailable right now. Please reload the page.</Alert>;
  }
  if (wallet.status === 'connecting' || wallet.status === 'reconnecting' || wallet.linkStatus === 'checking') {
    return <Spinner label="Connecting wallet" />;
  }
  if (passkey) return wallet.withWallet(children(passkey.address, passkey));
  if (wallet.status !== 'connected' || !wallet.address) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <p className="flex items-center gap-2 font-medium">
          <Wallet className="size-5 text-primary" aria-hidden="true" />
          Connect your wallet to move money
        </p>
        <p className="text-sm text-muted-foreground">Deposits and withdrawals are sent from your own wallet on Base.</p>
        <Button asChild>
          <Link to={paths.vaultDashboard}>Connect Wallet</Link>
        </Button>
      </div>
    );
  }
  if (wallet.linkStatus !== 'linked') {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p className="font-medium text-amber-950">Not linked — sign to link this wallet</p>
        <p className="text-sm text-amber-950">
          Keel moves money only from a wallet you have proved is yours. Signing costs nothing.
        </p>
        <WalletLinkError wallet={wallet} />
        <SignToLinkButton wallet={wallet} />
      </div>
    );
  }
  return wallet.withWallet(children(wallet.address, null));
}
