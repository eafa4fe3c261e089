import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import type { WalletState } from '~/lib/wallet-state';

type LinkState = Pick<WalletState, 'linkError' | 'linkStatus' | 'requestLink'>;

/** Why the last link attempt failed (declined in the wallet, refused by the server), announced when it appears. */
export function WalletLinkError({ wallet }: { wallet: LinkState }) {
  if (!wallet.linkError) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {wallet.linkError}
    </p>
  );
}

/** Asks the connected wallet to sign the link message; busy while the signature is awaited. */
export function SignToLinkButton({ wallet }: { wallet: LinkState }) {
  const isLinking = wallet.linkStatus === 'linking';
  return (
    <Button onClick={wallet.requestLink} disabled={isLinking}>
      {isLinking ? <Spinner label="Waiting for your signature" /> : null}
      Sign to link
    </Button>
  );
}
