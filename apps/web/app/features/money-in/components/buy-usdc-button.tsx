import { useMutation, useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { humanErrorMessage } from '~/lib/error-messages';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { startOnrampSession } from '../api/onramp-session';

export const ONRAMP_OFF_REASON = 'Buying with a card or bank is unavailable: Coinbase Onramp is not configured on this server.';

/** A tab opened at the click (later, a browser would block it), cut off from this page before it goes anywhere. */
function openBlankTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/**
 * "Buy USDC with a card or bank": Coinbase's page, opened with a session the server asked for. A tab is opened at
 * the click (a browser allows that) and sent to the page once the server answers.
 */
export function BuyUsdcButton({ address }: { address: string }) {
  const config = useQuery(publicConfigQueryOptions());
  const isEnabled = config.data?.onrampEnabled === true;
  const reasonId = `onramp-reason-${address}`;
  const session = useMutation({
    mutationFn: async (tab: Window | null) => {
      try {
        const url = await startOnrampSession(address);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        disabled={!isEnabled || session.isPending}
        aria-describedby={isEnabled ? undefined : reasonId}
        onClick={() => session.mutate(openBlankTab())}
      >
        {session.isPending ? <Spinner label="Opening Coinbase" /> : <CreditCard aria-hidden="true" />}
        Buy USDC with a card or bank
      </Button>
      {isEnabled ? (
        <span className="text-xs text-muted-foreground">
          Opens Coinbase in a new tab. The USDC you buy arrives at this address on Base.
        </span>
      ) : config.data ? (
        <span id={reasonId} className="text-xs text-muted-foreground">
          {ONRAMP_OFF_REASON}
        </span>
      ) : null}
      {session.error ? (
        <p role="alert" className="text-sm text-destructive">
          {humanErrorMessage(session.error, 'Coinbase could not be opened. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}
