import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BookOpen, TriangleAlert, Wallet } from 'lucide-react';
import { paths } from '@keel/core/paths';
import { NoticeCard } from '~/components/notice-card';
import { CopyAddressButton } from '~/components/copy-address-button';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { humanErrorMessage } from '~/lib/error-messages';
import { savingAddressesQueryOptions, type SavingAddresses } from '~/lib/saving-addresses';
import { DemoUsdcButton } from '../demo/demo-usdc-button';
import { AddressQr } from './address-qr';
import { BuyUsdcButton } from './buy-usdc-button';

export const SEND_WARNING = 'Send only USDC on Base. Other tokens, or USDC on another network, can be lost.';

type SavingAddress = SavingAddresses['addresses'][number];

/** What each kind of saving address is called; a new kind of account adds a line here. */
const KIND_TEXT: Record<SavingAddress['kind'], { title: string; detail: string }> = {
  'linked-wallet': { title: 'Your linked wallet', detail: 'The wallet you linked to Keel. You deposit from here.' },
  'savings-account': {
    title: 'Your savings account',
    detail: 'The account you control with your passkey. You deposit from here, and Keel pays the network fee.',
  },
};

function AddressCard({ entry, chainId }: { entry: SavingAddress; chainId: number }) {
  const text = KIND_TEXT[entry.kind];
  return (
    <Card data-testid="saving-address-card">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{text.title}</h2>
        <CardDescription>{text.detail}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <AddressQr address={entry.address} label={`QR code of ${text.title.toLowerCase()}’s address`} />
        <div className="flex min-w-0 flex-col gap-3">
          <p className="text-sm text-muted-foreground">Address</p>
          <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="saving-address">
            {entry.address}
          </code>
          <p className="text-sm">
            Network: <strong data-testid="saving-address-network">Base (chain {chainId})</strong>
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyAddressButton address={entry.address} />
          </div>
          <BuyUsdcButton address={entry.address} />
          {entry.kind === 'savings-account' ? <DemoUsdcButton address={entry.address} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * /add-money: every address the saver saves from in full, with a copy button and a QR code, the network named
 * plainly and the one warning that matters; how to send from an exchange; buying USDC with a card or bank.
 * `createSavingsAccount` is offered beside "Link a wallet" to a saver with neither.
 */
export function AddMoney({ createSavingsAccount = null }: { createSavingsAccount?: ReactNode }) {
  const addresses = useQuery(savingAddressesQueryOptions());
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Add money</h1>
        <p className="max-w-2xl text-muted-foreground">
          Send USDC to an address below from an exchange or another wallet. When it arrives, your dashboard shows it as ready to
          deposit.
        </p>
      </header>
      <p
        role="note"
        className="flex max-w-2xl gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
        data-testid="add-money-warning"
      >
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        {SEND_WARNING}
      </p>
      {addresses.isPending ? (
        <Spinner label="Loading your addresses" />
      ) : addresses.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-destructive">
          {humanErrorMessage(addresses.error, 'Your addresses could not be loaded.')}
          <Button size="sm" variant="outline" onClick={() => void addresses.refetch()}>
            Try again
          </Button>
        </div>
      ) : addresses.data.addresses.length === 0 ? (
        <NoticeCard
          icon={Wallet}
          title="Link a wallet first"
          description="Keel shows the address to send USDC to once you have linked the wallet you save from. No wallet app? A savings account you control with a passkey works too."
        >
          <div className="flex flex-wrap gap-2">
            <Button size="sm" asChild>
              <Link to={paths.vaultDashboard}>Link a wallet</Link>
            </Button>
            {createSavingsAccount}
          </div>
        </NoticeCard>
      ) : (
        addresses.data.addresses.map((entry) => (
          <AddressCard key={entry.address} entry={entry} chainId={addresses.data.chainId} />
        ))
      )}
      <p className="flex items-center gap-2 text-sm">
        <BookOpen className="size-4 text-primary" aria-hidden="true" />
        <Link to={paths.sendUsdcOnBase} className="text-primary underline underline-offset-4">
          How to send USDC on Base from an exchange
        </Link>
      </p>
    </div>
  );
}
