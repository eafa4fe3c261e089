import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { forgetAccountState, SESSION_QUERY_KEY } from '~/hooks/use-session';
import { authErrorMessage, type Session } from '~/lib/auth-client';
import { PasskeyCeremonyError, signInWithPasskeyOnThisDevice } from '~/lib/passkeys';

const PASSKEY_FALLBACK = 'That passkey could not sign you in. Try again, or sign in with your password.';

/** "Sign in with a passkey": no email or password, and no second step (the device checks it is you). */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const signIn = async () => {
    setError(null);
    setIsBusy(true);
    forgetAccountState(queryClient);
    try {
      const user = await signInWithPasskeyOnThisDevice();
      const session: Session = { user };
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof PasskeyCeremonyError ? failure.message : authErrorMessage(failure, PASSKEY_FALLBACK));
      setIsBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" size="lg" disabled={isBusy} onClick={() => void signIn()}>
        {isBusy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
      {error && <Alert variant="destructive">{error}</Alert>}
    </div>
  );
}
