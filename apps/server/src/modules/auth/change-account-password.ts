import type { AppDeps } from '../../deps.js';
import { passwordChangedInSettingsEmail } from '../../mail/auth-emails.js';
import { limitAccountAction, requireAccountHolder } from './account-request.js';
import { auditAuthEvent } from './audit-auth-event.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { forgotPasswordUrl } from './create-auth.js';

/**
 * Better Auth's change-password with the current password, always ending every
 * other session (this browser gets a fresh one). The owner is mailed either way
 * the change was made from, so a change they did not make does not go unseen.
 */
export async function changeAccountPassword(
  deps: Pick<AppDeps, 'auth' | 'db' | 'config' | 'now' | 'limiter' | 'audit' | 'mailOutbox' | 'logger'>,
  request: AuthRequest,
  input: { currentPassword: string; newPassword: string },
): Promise<AuthOutcome> {
  const holder = await requireAccountHolder(deps, request);
  const who = { userId: holder.userId, ipAddress: request.clientIp, userAgent: request.userAgent };
  await limitAccountAction(deps, who, 'change-password');
  const outcome = await request.forward({ ...input, revokeOtherSessions: true });
  await auditAuthEvent(deps, request, {
    userId: holder.userId,
    action: 'PASSWORD_CHANGE',
    success: outcome.ok,
    metadata: outcome.ok
      ? { method: 'settings', sessionsRevoked: true }
      : { method: 'settings', reason: await outcome.errorCode() },
  });
  if (outcome.ok) {
    const mail = passwordChangedInSettingsEmail(holder, { resetAgain: forgotPasswordUrl(deps.config.appUrl) });
    await deps.mailOutbox
      .enqueue(mail, { kind: 'password-changed', userId: holder.userId })
      .catch((error: unknown) => deps.logger.error({ err: error, kind: 'password-changed' }, 'auth mail failed'));
  }
  return outcome;
}
