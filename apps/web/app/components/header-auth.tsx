import { lazy, Suspense, useEffect, useState } from 'react';
import { AuthLinks } from '~/components/auth-links';
import type { AccountMenuUser } from '~/components/account-menu';

const PublicAccount = lazy(() => import('~/components/public-account'));

/**
 * GET /api/auth/get-session with a bare fetch: the typed API client would add
 * ~2.6 KiB to every public page's hydration for one read (scripts/check-budget.mjs).
 */
async function readSignedInUser(): Promise<AccountMenuUser | null> {
  const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('user' in body)) return null;
  const user: unknown = body.user;
  if (typeof user !== 'object' || user === null || !('email' in user) || typeof user.email !== 'string') return null;
  const name = 'name' in user && typeof user.name === 'string' ? user.name : '';
  return { name, email: user.email };
}

/**
 * The public header's account corner. Public pages are prerendered for
 * everyone, so the HTML (and hydration) always carries Sign In / Get Started;
 * once hydrated, one session check swaps in Dashboard and the account menu for
 * a signed-in visitor. The menu's code loads only for them.
 */
export function HeaderAuth() {
  const [user, setUser] = useState<AccountMenuUser | null>(null);
  useEffect(() => {
    let isCurrent = true;
    readSignedInUser()
      .then((found) => {
        if (isCurrent) setUser(found);
      })
      .catch(() => {
        // Unknown: the visitor keeps the Sign In / Get Started links.
      });
    return () => {
      isCurrent = false;
    };
  }, []);
  if (!user) return <AuthLinks />;
  return (
    <Suspense fallback={<AuthLinks />}>
      <PublicAccount user={user} onSignedOut={() => setUser(null)} />
    </Suspense>
  );
}
