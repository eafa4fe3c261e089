import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LifeBuoy } from 'lucide-react';
import { isActivePasskey, type AccountPasskey, type PasskeyAccount } from '@keel/core/passkey-account';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { formatDay } from '~/lib/format-date';
import { PASSKEY_ACCOUNT_QUERY_KEY, passkeyAccountQueryOptions } from '~/lib/passkey-account-query';
import { publicConfigQueryOptions } from '~/lib/public-config';
import { toast } from '~/lib/toast';
import { addAccountPasskey, removeAccountPasskey, type AddPasskeyStep, type ChainSettings } from '../add-account-passkey';
import { ADD_PASSKEY_STEPS, passkeyChangeError } from '../passkey-change-messages';
import { useChainSettings } from '../use-chain-settings';

// viem and the recovery steps load on the first click: never with the settings page.
const RestoreAccessDialog = lazy(() => import('./restore-access-dialog'));

type Change = { run: () => Promise<PasskeyAccount>; success: string; fallback: string };

function PasskeyRow({
  passkey,
  isOnlyPasskey,
  isBusy,
  onRemove,
}: {
  passkey: AccountPasskey;
  isOnlyPasskey: boolean;
  isBusy: boolean;
  onRemove: () => void;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const hintId = `savings-passkey-${passkey.id}-hint`;
  return (
    <li className="flex flex-col gap-2 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-medium">{passkey.label}</span>
          <span className="text-sm text-muted-foreground">Added {formatDay(passkey.addedAt ?? passkey.createdAt)}</span>
        </div>
        {isConfirming ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={isOnlyPasskey || isBusy}
            aria-describedby={isOnlyPasskey ? hintId : undefined}
            onClick={() => setIsConfirming(true)}
          >
            Remove {passkey.label}
          </Button>
        )}
      </div>
      {isOnlyPasskey ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          This is your only passkey, so it cannot be removed. Add another one first.
        </p>
      ) : null}
      {isConfirming ? (
        <div
          className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3"
          role="group"
          aria-label={`Remove ${passkey.label}?`}
        >
          <p className="text-sm">
            Remove {passkey.label}? That passkey will no longer be able to approve anything for your savings account. You approve
            this with another of your passkeys.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={isBusy}
              onClick={() => {
                setIsConfirming(false);
                onRemove();
              }}
            >
              Yes, remove it
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Savings account passkeys on /settings: which passkeys can approve money leaving the savings
 * account, adding one on this device, removing a lost one, and the recovery kit for a device that
 * has none. Every change is an operation on Base; the list shows what the server read there.
 */
export function SavingsPasskeysSection() {
  const queryClient = useQueryClient();
  const config = useQuery(publicConfigQueryOptions());
  const isEnabled = config.data?.passkeyAccount.enabled === true;
  const account = useQuery({ ...passkeyAccountQueryOptions(), enabled: isEnabled });
  const settings = useChainSettings();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isRestoring, setIsRestoring] = useState(false);

  if (!isEnabled || !account.data || !settings) return null;
  const current = account.data;
  const passkeys = current.passkeys.filter(isActivePasskey);

  const change = async ({ run, success, fallback }: Change) => {
    setError(null);
    try {
      queryClient.setQueryData(PASSKEY_ACCOUNT_QUERY_KEY, await run());
      toast.success(success);
    } catch (failure) {
      setError(passkeyChangeError(failure, fallback));
    } finally {
      setBusy(null);
    }
  };

  const add = (chain: ChainSettings) =>
    change({
      run: () =>
        addAccountPasskey({
          account: current,
          settings: chain,
          onStep: (step: AddPasskeyStep) => setBusy(ADD_PASSKEY_STEPS[step]),
        }),
      success: 'Passkey added to your savings account',
      fallback: 'The passkey could not be added. Please try again.',
    });

  const remove = (chain: ChainSettings, passkey: AccountPasskey) => {
    setBusy(`Removing ${passkey.label}: approve with another of your passkeys…`);
    void change({
      run: () => removeAccountPasskey({ account: current, settings: chain, signer: passkey.signer }),
      success: `Passkey “${passkey.label}” removed`,
      fallback: 'The passkey could not be removed. Please try again.',
    });
  };

  return (
    <section aria-labelledby="savings-passkeys-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <h2 id="savings-passkeys-heading" className="text-xl font-semibold">
        Savings account passkeys
      </h2>
      <p className="text-sm text-muted-foreground">
        These passkeys can approve money leaving your savings account. Add one for each device you use, and remove one you lost.
      </p>
      <ul aria-label="Savings account passkeys">
        {passkeys.map((passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            isOnlyPasskey={passkeys.length === 1}
            isBusy={busy !== null}
            onRemove={() => remove(settings, passkey)}
          />
        ))}
      </ul>
      {busy ? (
        <p className="flex items-center gap-2 text-sm" aria-live="polite">
          <Spinner label="Working" />
          {busy}
        </p>
      ) : null}
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={busy !== null}
          onClick={() => {
            setBusy(ADD_PASSKEY_STEPS.creating);
            void add(settings);
          }}
        >
          <KeyRound aria-hidden="true" />
          Add a passkey on this device
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => setIsRestoring(true)}>
          <LifeBuoy aria-hidden="true" />
          Restore access with your recovery kit
        </Button>
      </div>
      {isRestoring ? (
        <Suspense fallback={<Spinner label="Loading" />}>
          <RestoreAccessDialog open={isRestoring} onOpenChange={setIsRestoring} account={current} settings={settings} />
        </Suspense>
      ) : null}
    </section>
  );
}
