import { eq } from 'drizzle-orm';
import type { SessionUser } from '@keel/core/auth-api';
import type { AppDeps } from '../../deps.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { readSession } from './read-session.js';

export type SignedInAccount = SessionUser & { twoFactorEnabled: boolean };

/**
 * The signed-in account behind an /api/auth request (the app's session
 * middleware skips /api/auth), with whether two-step sign-in is on; 401 without one.
 */
export async function requireSignedIn(
  deps: Pick<AppDeps, 'auth' | 'db' | 'config' | 'now'>,
  headers: Headers,
): Promise<SignedInAccount> {
  const found = await readSession(deps, headers);
  if (!found.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const [row] = await deps.db
    .select({ twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, found.user.id))
    .limit(1);
  return { ...found.user, twoFactorEnabled: row?.twoFactorEnabled === true };
}
