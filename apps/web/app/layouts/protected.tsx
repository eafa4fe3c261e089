import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@keel/core/paths';
import { SignedInFrame } from '~/components/signed-in-page';
import { PageSkeleton, Skeleton } from '~/components/ui/skeleton';
import { useSession } from '~/hooks/use-session';

/** Where a signed-out visitor is sent: /sign-in?next=<path>, without next for /. */
function signInRedirectFor(pathname: string, search: string): string {
  if (pathname === paths.home) return paths.signIn;
  return `${paths.signIn}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

/**
 * Signed-in pages: the page's frame with a skeleton and a centred spinner while the session loads, /sign-in?next=…
 * for a visitor who is not signed in, and plain /sign-in when a session ends
 * here (sign-out, or revoked elsewhere): SPEC §4, signed in → signed out.
 */
export default function ProtectedLayout() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (isLoading) {
    return (
      <SignedInFrame accountMenu={<Skeleton className="size-9 rounded-full" />}>
        <PageSkeleton label="Checking your session" withSpinner />
      </SignedInFrame>
    );
  }
  if (!user) return <Navigate to={wasSignedIn ? paths.signIn : signInRedirectFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}
