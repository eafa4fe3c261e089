import type { AccountAuthAnswerOf, AccountSession } from '@keel/core/account-settings';
import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import { describeUserAgent } from '@keel/core/user-agent';
import { and, eq } from 'drizzle-orm';
import { session } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { limitAccountAction, requireAccountHolder } from './account-request.js';
import { auditAuthEvent } from './audit-auth-event.js';
import type { AuthRequest } from './better-auth-pass-through.js';

type Deps = Pick<AppDeps, 'auth' | 'db' | 'config' | 'now' | 'limiter' | 'audit'>;

function whoOf(userId: string, request: AuthRequest) {
  return { userId, ipAddress: request.clientIp, userAgent: request.userAgent };
}

/**
 * The account's live sessions from Better Auth's list-sessions, reduced to what
 * the page shows: the browser and system named from the user agent, never a
 * token or an IP address. The asking browser's own session comes first.
 */
export async function listAccountSessions(deps: Deps, request: AuthRequest): Promise<AccountAuthAnswerOf<'/list-sessions'>> {
  const holder = await requireAccountHolder(deps, request);
  const live = await deps.auth.api.listSessions({ headers: request.headers });
  const sessions: AccountSession[] = live.map((entry) => ({
    id: entry.id,
    ...describeUserAgent(entry.userAgent),
    createdAt: new Date(entry.createdAt).toISOString(),
    lastActiveAt: new Date(entry.updatedAt).toISOString(),
    isCurrent: entry.id === holder.sessionId,
  }));
  sessions.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastActiveAt.localeCompare(a.lastActiveAt));
  return { sessions };
}

/**
 * Signs one of the account's sessions out by its id: Better Auth's revoke-session
 * is given the session's token, found here only among this account's sessions.
 * The row is deleted, so that browser's next request is signed out.
 */
export async function revokeAccountSession(deps: Deps, request: AuthRequest, sessionId: string) {
  const holder = await requireAccountHolder(deps, request);
  await limitAccountAction(deps, whoOf(holder.userId, request), 'revoke-session');
  const [target] = await deps.db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, holder.userId)));
  if (!target) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.sessionUnknown);
  const outcome = await request.forward({ token: target.token });
  await auditAuthEvent(deps, request, {
    userId: holder.userId,
    action: 'SESSION_REVOKED',
    success: outcome.ok,
    metadata: { scope: 'one', isCurrent: sessionId === holder.sessionId },
  });
  return outcome;
}

/** Every session of the account but the asking browser's ends (Better Auth's revoke-other-sessions). */
export async function revokeOtherSessions(deps: Deps, request: AuthRequest) {
  const holder = await requireAccountHolder(deps, request);
  await limitAccountAction(deps, whoOf(holder.userId, request), 'revoke-other-sessions');
  const outcome = await request.forward({});
  await auditAuthEvent(deps, request, {
    userId: holder.userId,
    action: 'SESSION_REVOKED',
    success: outcome.ok,
    metadata: { scope: 'others' },
  });
  return outcome;
}
