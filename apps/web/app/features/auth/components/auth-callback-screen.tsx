import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { AUTH_CALLBACK_TYPES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import { paths } from '@keel/core/paths';
import { Spinner } from '~/components/ui/spinner';
import { sessionQueryOptions } from '~/hooks/use-session';

/** Query first, hash as a fallback (older links carried these in the hash). */
function readCallbackParams(): { type: string | null; error: string | null; token: string | null } {
  const query = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const read = (name: string) => query.get(name) ?? hash.get(name);
  return { type: read('type'), error: read('error') ?? read('error_description'), token: read('token') };
}

/**
 * Target of the links in verification and reset mail: the server has already
 * verified the email (and set the session cookie) or checked the reset token.
 */
export function AuthCallbackScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { type, error, token } = readCallbackParams();
    // Tokens and error codes leave the address bar (and history) at once.
    window.history.replaceState(window.history.state, '', paths.authCallback);

    if (type === AUTH_CALLBACK_TYPES.recovery) {
      // A dead reset link is the reset page's to explain.
      const target =
        !error && token ? `${paths.resetPassword}?${new URLSearchParams({ token }).toString()}` : paths.resetPassword;
      void navigate(target, { replace: true });
      return;
    }
    if (error) {
      toast.error(AUTH_MESSAGES.authenticationFailed);
      void navigate(paths.signIn, { replace: true });
      return;
    }
    void (async () => {
      try {
        const session = await queryClient.fetchQuery(sessionQueryOptions);
        if (!session && !type) {
          // Nothing to confirm (no type, no session): just the sign-in page.
          await navigate(paths.signIn, { replace: true });
          return;
        }
        if (!session) throw new Error('no session after the callback');
        if (type === AUTH_CALLBACK_TYPES.signup) {
          toast.success(AUTH_MESSAGES.emailVerified);
          await navigate(paths.vaults, { replace: true });
        } else {
          await navigate(paths.dashboard, { replace: true });
        }
      } catch {
        toast.error(AUTH_MESSAGES.authenticateFailed);
        await navigate(paths.signIn, { replace: true });
      }
    })();
  }, [navigate, queryClient]);

  return (
    <main id="main" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6">
      <Spinner className="size-8 text-primary" label="Authenticating" />
      <h1 className="text-lg font-medium text-muted-foreground">Authenticating...</h1>
    </main>
  );
}
