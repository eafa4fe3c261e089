import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, LifeBuoy, Send } from 'lucide-react';
import { formatUsd } from '@keel/core/money';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import { CopyAddressButton } from '~/components/copy-address-button';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { passkeysMarkedOn } from '~/lib/early-requests';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { passkeyAccountQueryOptions } from '~/lib/passkey-account-query';
import { readUsdcBalance } from '../chain/read-usdc-balance';
import { hasPasskeyOnThisDevice } from '../this-device';
import { useChainSettings } from '../use-chain-settings';
import type { SendUsdc } from './send-dialog';

// viem, qrcode and the steps load on the first click: never with the dashboard.
const CreatePasskeyAccountDialog = lazy(() => import('./create-passkey-account-dialog'));
const SendDialog = lazy(() => import('./send-dialog'));
const RestoreAccessDialog = lazy(() => import('./restore-access-dialog'));

/** For a device that made no passkey for this account: the recovery kit adds one here. */
function RestoreAccess({ account }: { account: PasskeyAccount }) {
  const settings = useChainSettings();
  const [isOpen, setIsOpen] = useState(false);
  // Restoring marks this device as having a passkey: the open dialog stays until the saver closes it.
  if (!settings || (hasPasskeyOnThisDevice(account.address) && !isOpen)) return null;
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm text-muted-foreground">New device, or lost your passkey?</span>
      <div>
        <Button size="sm" variant="outline" onClick={() => setIsOpen(true)}>
          <LifeBuoy aria-hidden="true" />
          Restore access with your recovery kit
        </Button>
      </div>
      {isOpen ? (
        <Suspense fallback={<Spinner label="Loading" />}>
          <RestoreAccessDialog open={isOpen} onOpenChange={setIsOpen} account={account} settings={settings} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Opens the creation dialog; shown only where passkey accounts are on. While the configuration is loading it
 * follows the head script's mark, so it is there from the first paint and does not move what is below it.
 * `inFrame`: the copy in a prerendered frame, shown by app.css only under <html data-keel-passkeys="on">.
 */
export function CreatePasskeyAccountButton({
  variant = 'default',
  inFrame = false,
}: {
  variant?: 'default' | 'outline';
  inFrame?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: !inFrame });
  const isOn = inFrame || (config.data ? config.data.passkeyAccount.enabled : config.isPending && passkeysMarkedOn());
  if (!isOn) return null;
  return (
    <>
      {/* Its label wraps: on one line it is wider than a 375 px phone's card. */}
      <Button
        size="sm"
        variant={variant}
        className="h-auto min-h-8 whitespace-normal py-1.5 text-left"
        onClick={() => setOpen(true)}
        data-frame-passkeys={inFrame ? '' : undefined}
      >
        <KeyRound aria-hidden="true" />
        Create a savings account with a passkey
      </Button>
      {open ? (
        <Suspense fallback={<Spinner label="Loading" />}>
          <CreatePasskeyAccountDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

function useUsdcBalance(address: `0x${string}` | null) {
  const config = useQuery(publicConfigQueryOptions());
  const rpcUrl = config.data?.baseRpcUrl;
  const usdc = config.data?.usdcAddress;
  return useQuery({
    queryKey: ['passkey-account-usdc', address],
    queryFn: () => {
      if (!rpcUrl || !usdc || !address) throw new Error('The configuration is not loaded');
      return readUsdcBalance({ rpcUrl, usdc, account: address });
    },
    enabled: Boolean(rpcUrl && usdc && address),
  });
}

function ReadyToDeposit({ balance }: { balance: ReturnType<typeof useUsdcBalance> }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-muted-foreground">Ready to deposit</span>
      {balance.data === undefined ? (
        balance.isError ? (
          <span className="text-sm">The balance could not be read from Base right now.</span>
        ) : (
          <Spinner label="Reading the balance" />
        )
      ) : (
        <span className="text-2xl font-bold" data-testid="passkey-account-ready">
          {formatUsd(balance.data)}
        </span>
      )}
    </div>
  );
}

/** Send through the bundler, signed with the passkey; the operation code loads on the first send. */
function useSendUsdc(account: PasskeyAccount | null | undefined): SendUsdc | null {
  const config = useQuery(publicConfigQueryOptions());
  const settings = config.data;
  const bundlerUrl = settings?.passkeyAccount.bundlerUrl;
  if (!account || !settings || !bundlerUrl) return null;
  return async ({ to, amount }) => {
    const { connectPasskeyAccount, sendWithPasskey } = await import('~/lib/passkey-operations');
    const connected = await connectPasskeyAccount({
      account,
      rpcUrl: settings.baseRpcUrl,
      bundlerUrl,
      chainId: settings.passkeyAccount.chainId,
      confirmations: settings.chainConfirmations,
    });
    const receipt = await sendWithPasskey(connected, {
      usdc: settings.usdcAddress,
      to,
      amount,
      confirmations: settings.chainConfirmations,
      onSubmitted: () => undefined,
    });
    return receipt.transactionHash;
  };
}

/**
 * The savings account owned by a passkey: its address and the USDC in it that
 * is not yet in a vault, or the invitation to create one. Nothing shows where
 * the server has passkey accounts switched off.
 */
export function PasskeyAccountCard() {
  const config = useQuery(publicConfigQueryOptions());
  const isEnabled = config.data?.passkeyAccount.enabled === true;
  const account = useQuery({ ...passkeyAccountQueryOptions(), enabled: isEnabled });
  const balance = useUsdcBalance(account.data?.address ?? null);
  const send = useSendUsdc(account.data);
  const [isSending, setIsSending] = useState(false);
  if (!isEnabled) return null;

  return (
    <Card aria-labelledby="passkey-account-title" data-testid="passkey-account-card">
      <CardHeader>
        <h2 id="passkey-account-title" className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          Savings account
        </h2>
        <CardDescription>
          {account.data
            ? 'Controlled with your passkey. Keel pays the network fee for saving.'
            : 'No wallet app? Save with an account you control with your passkey. Keel pays the network fee for saving.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {account.isPending ? <Spinner label="Loading your savings account" /> : null}
        {account.isError ? <p className="text-sm">Your savings account could not be loaded. Please reload the page.</p> : null}
        {account.data === null ? (
          <div>
            <CreatePasskeyAccountButton />
          </div>
        ) : null}
        {account.data ? (
          <>
            <div className="flex flex-col gap-2">
              <span className="text-sm text-muted-foreground">Address on Base</span>
              <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="passkey-account-address">
                {account.data.address}
              </code>
              <div>
                <CopyAddressButton address={account.data.address} />
              </div>
            </div>
            <ReadyToDeposit balance={balance} />
            {send ? (
              <div>
                <Button size="sm" variant="outline" onClick={() => setIsSending(true)}>
                  <Send aria-hidden="true" />
                  Send USDC
                </Button>
                {isSending ? (
                  <Suspense fallback={<Spinner label="Loading" />}>
                    <SendDialog
                      open={isSending}
                      onOpenChange={setIsSending}
                      account={account.data}
                      balance={balance.data ?? null}
                      send={send}
                    />
                  </Suspense>
                ) : null}
              </div>
            ) : null}
            <RestoreAccess account={account.data} />
            {account.data.isDeployed ? null : (
              <p className="text-xs text-muted-foreground">
                Your account becomes active on Base with your first deposit. Keel pays that fee too.
              </p>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
