import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { readSession } from './read-session.js';

/** Who is asking on an account-settings route under /api/auth (the session middleware skips that prefix). */
export type AccountHolder = { userId: string; email: string; name: string; sessionId: string };

export async function requireAccountHolder(deps: Pick<AppDeps, 'auth' | 'db' | 'config' | 'now'>, request: AuthRequest) {
  const found = await readSession(deps, request.headers);
  if (!found.user || !found.sessionId) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const holder: AccountHolder = {
    userId: found.user.id,
    email: found.user.email,
    name: found.user.name,
    sessionId: found.sessionId,
  };
  return holder;
}

/** One account-settings action counted per user (LIMIT_ACCOUNT_*); over it, audited and answered 429. */
export function limitAccountAction(
  deps: Pick<AppDeps, 'config' | 'limiter' | 'audit'>,
  who: { userId: string; ipAddress: string | null; userAgent: string | null },
  action: string,
  message: string = ACCOUNT_MESSAGES.rateLimited,
): Promise<void> {
  return enforceRateLimit(deps, {
    key: `account:${action}:${who.userId}`,
    limit: deps.config.limits.account,
    message,
    auditDenial: {
      ...who,
      action: 'RATE_LIMIT_EXCEEDED',
      success: false,
      metadata: { limitedAction: action, scope: 'user' },
    },
  });
}

/**
 * A successful Better Auth answer as `{ status: true }`: change-password also
 * answers the new session's token, which the HttpOnly cookie exists to keep
 * from scripts. Cookies and other headers pass unchanged; failures untouched.
 */
export function statusOnly(response: Response): Response {
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify({ status: true }), { status: response.status, headers });
}
