import type { AccountSession } from '@keel/core/account-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { humanErrorMessage } from '~/lib/error-messages';
import { formatDateTime } from '~/lib/format-date';
import { toast } from '~/lib/toast';
import { listSessions, revokeOtherSessions, revokeSession, SESSIONS_QUERY_KEY } from '../api/account-settings-api';
import { SettingsSection } from './settings-section';

const LOAD_FAILED = 'Your signed-in devices could not be loaded. Please reload the page.';
const SIGN_OUT_FAILED = 'That device could not be signed out. Please try again.';

function deviceName(session: AccountSession): string {
  return `${session.browser} on ${session.os}`;
}

function SessionRow({ session, onSignOut, isBusy }: { session: AccountSession; onSignOut: () => void; isBusy: boolean }) {
  const name = deviceName(session);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {session.isCurrent && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          Signed in {formatDateTime(session.createdAt)} · Last active {formatDateTime(session.lastActiveAt)}
        </p>
      </div>
      {!session.isCurrent && (
        <Button variant="outline" size="sm" onClick={onSignOut} disabled={isBusy} aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Where the account is signed in: every live session, this browser first and
 * marked. Signing one out ends it on the server at once: that device is signed
 * out on its next request.
 */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const signOutOne = useMutation({
    mutationFn: (session: AccountSession) => revokeSession(session.id),
    onSuccess: (_answer, session) => {
      toast.success(`${deviceName(session)} is signed out.`);
      return refresh();
    },
    onError: (error) => toast.error(humanErrorMessage(error, SIGN_OUT_FAILED)),
  });
  const signOutOthers = useMutation({
    mutationFn: () => revokeOtherSessions(),
    onSuccess: () => {
      toast.success('Every other device is signed out.');
      return refresh();
    },
    onError: (error) => toast.error(humanErrorMessage(error, SIGN_OUT_FAILED)),
  });
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.isCurrent);
  const isBusy = signOutOne.isPending || signOutOthers.isPending;

  return (
    <SettingsSection
      id="sessions"
      title="Where you're signed in"
      description="The browsers and devices signed in to your account now. If you don't recognise one, sign it out and change your password."
    >
      {sessions.isPending ? (
        <div>
          <p role="status" className="sr-only">
            Loading your devices
          </p>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : sessions.isError ? (
        <Alert variant="destructive">{humanErrorMessage(sessions.error, LOAD_FAILED)}</Alert>
      ) : (
        <>
          <ul className="divide-y" aria-label="Signed-in devices">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} isBusy={isBusy} onSignOut={() => signOutOne.mutate(session)} />
            ))}
          </ul>
          <div className="mt-4">
            <Button variant="outline" onClick={() => signOutOthers.mutate()} disabled={!hasOthers || isBusy}>
              Sign out all other devices
            </Button>
          </div>
        </>
      )}
    </SettingsSection>
  );
}
