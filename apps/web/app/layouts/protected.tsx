import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@keel/core/paths';
import { PageSpinner } from '~/components/ui/spinner';
import { useSession } from '~/hooks/use-session';

/** Where a signed-out visitor is sent: /sign-in?next=<path>, without next for /. */
function signInRedirectFor(pathname: string, search: string): string {
  if (pathname === paths.home) return paths.signIn;
  return `${paths.signIn}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`;
}

/**
 * Signed-in pages: a centred spinner while the session loads, /sign-in?next=…
 * for a visitor who is not signed in, and plain /sign-in when a session ends
 * here (sign-out, or revoked elsewhere): SPEC §4, signed in → signed out.
 */
export default function ProtectedLayout() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to={wasSignedIn ? paths.signIn : signInRedirectFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}
