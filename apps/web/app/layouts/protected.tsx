import { useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { paths } from '@keel/core/paths';
import { SignedInFrame } from '~/components/signed-in-page';
import { PageSkeleton, Skeleton } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';
import { useHydrated } from '~/hooks/use-hydrated';
import { useSession } from '~/hooks/use-session';
import { FRAME_END_ID, signedInFrameOf } from './signed-in-frame-handle';

/** Where a signed-out visitor is sent: /sign-in?next=<path>, without next for /. */
function signInRedirectFor(pathname: string, search: string): string {
  if (pathname === paths.home) return paths.signIn;
  return `${paths.signIn}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

const CHECKING = 'Checking your session';

/**
 * Signed-in pages: the page's frame with a centred spinner while the session loads, /sign-in?next=…
 * for a visitor who is not signed in, and plain /sign-in when a session ends
 * here (sign-out, or revoked elsewhere).
 *
 * The frame is the route's own (`handle.frame`, e.g. the dashboard's title and
 * card outlines) or a generic page skeleton. A route whose frame is prerendered
 * (core's SIGNED_IN_FRAME_PATHS) is hydrated against that HTML: the frame is
 * also what renders before hydration is over, whatever the session query says.
 *
 * The signed-in chrome (header, tab bar) is rendered here, around both the
 * frame and the page, so it stays the same nodes when the page takes over:
 * nothing in it flashes or loses a press, and only the account menu's
 * placeholder is replaced by the menu.
 */
export default function ProtectedLayout() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const hydrated = useHydrated();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  const isChecking = isLoading || !hydrated;
  if (!isChecking && !user) {
    return <Navigate to={wasSignedIn ? paths.signIn : signInRedirectFor(location.pathname, location.search)} replace />;
  }
  const frame = isChecking ? signedInFrameOf(matches.at(-1)?.handle) : null;
  return (
    <SignedInFrame {...(isChecking ? { accountMenu: <Skeleton className="size-9 rounded-full" /> } : {})}>
      {!isChecking ? (
        <Outlet />
      ) : frame ? (
        <div className="relative">
          {frame}
          <div className="absolute inset-x-0 top-0 flex h-[60vh] items-center justify-center">
            {/* On a card of its own: it sits over the frame's text and buttons. */}
            <span className="rounded-full border bg-background p-2 shadow-sm">
              <Spinner className="size-8 text-primary" label={CHECKING} />
            </span>
          </div>
          {/* Last, after the spinner too: the first paint waits for this element's insertion, and a spinner
              painted before its icon was parsed grew around it and moved (FRAME_END_ID). */}
          <span id={FRAME_END_ID} hidden />
        </div>
      ) : (
        <PageSkeleton label={CHECKING} withSpinner />
      )}
    </SignedInFrame>
  );
}
