import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PASSKEY_NAME_MAX_LENGTH } from '@keel/core/auth-messages';
import type { PasskeySummary } from '@keel/core/auth-api';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { authErrorMessage, listPasskeys, removePasskey } from '~/lib/auth-client';
import { formatDay } from '~/lib/format-date';
import { addPasskeyOnThisDevice } from '~/lib/passkeys';
import { toast } from '~/lib/toast';
import { ConfirmForm } from './confirm-form';

export const PASSKEYS_QUERY_KEY = ['account-security', 'passkeys'] as const;

function PasskeyRow({ passkey, onRemoved }: { passkey: PasskeySummary; onRemoved: () => void }) {
  const [isRemoving, setIsRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    setIsRemoving(true);
    try {
      await removePasskey(passkey.id);
      onRemoved();
      toast.success(`Passkey “${passkey.name}” removed`);
    } catch (failure) {
      setError(authErrorMessage(failure, 'That passkey could not be removed. Please try again.'));
      setIsRemoving(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-medium">{passkey.name}</span>
          <span className="text-sm text-muted-foreground">Added {formatDay(passkey.createdAt)}</span>
        </div>
        <Button type="button" variant="outline" size="sm" disabled={isRemoving} onClick={() => void remove()}>
          {isRemoving ? 'Removing...' : `Remove ${passkey.name}`}
        </Button>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
    </li>
  );
}

/** Passkeys: sign in with your fingerprint, face or device PIN instead of the password and the code. */
export function PasskeysSection() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PASSKEYS_QUERY_KEY, queryFn: listPasskeys });
  const [isAdding, setIsAdding] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
  const passkeys = list.data?.passkeys ?? [];

  return (
    <section aria-labelledby="passkeys-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <h2 id="passkeys-heading" className="text-xl font-semibold">
        Passkeys
      </h2>
      <p className="text-sm text-muted-foreground">
        A passkey lets you sign in with your fingerprint, face or device PIN instead of your password. It stays on your device or
        in your password manager, and it replaces the two-step code too.
      </p>
      {list.isPending && <Skeleton className="h-16 w-full" />}
      {list.isError && <p className="text-sm text-destructive">Keel could not load your passkeys. Please reload the page.</p>}
      {list.data &&
        (passkeys.length === 0 ? (
          <p className="text-sm">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={refresh} />
            ))}
          </ul>
        ))}
      {isAdding ? (
        <ConfirmForm
          label="Add a passkey"
          fields={[
            { name: 'name', label: `Name for this passkey (up to ${PASSKEY_NAME_MAX_LENGTH} characters)`, autoComplete: 'off' },
          ]}
          submitLabel="Create passkey"
          busyLabel="Waiting for your device..."
          onCancel={() => setIsAdding(false)}
          onSubmit={async ({ name = '' }) => {
            const added = await addPasskeyOnThisDevice(name.trim());
            setIsAdding(false);
            refresh();
            toast.success(`Passkey “${added.name}” added`);
          }}
        />
      ) : (
        <Button type="button" className="self-start" onClick={() => setIsAdding(true)}>
          Add a passkey
        </Button>
      )}
    </section>
  );
}
