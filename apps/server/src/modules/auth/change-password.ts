import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';

/** A signed-in password change: Better Auth checks the current password; Keel audits the result. */
export async function changePassword(deps: Pick<AppDeps, 'audit'>, request: AuthRequest): Promise<AuthOutcome> {
  const outcome = await request.forward();
  await auditAuthEvent(deps, request, {
    userId: outcome.ok ? await outcome.userId() : null,
    action: 'PASSWORD_CHANGE',
    success: outcome.ok,
    metadata: { method: 'signed_in' },
  });
  return outcome;
}
