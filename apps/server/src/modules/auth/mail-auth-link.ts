import { AUTH_CALLBACK_TYPES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import type { Config, Limit } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { auditAuthEvent } from './audit-auth-event.js';
import { readEmail, type AuthBody } from './auth-input.js';
import type { AuthOutcome, AuthRequest } from './better-auth-pass-through.js';
import { callbackUrl } from './create-auth.js';
import { findUserIdByEmail } from './find-user-by-email.js';
import { limitMailingAuthAttempt } from './limit-auth-attempt.js';

type LinkFlow = {
  action: 'PASSWORD_RESET_REQUEST' | 'EMAIL_VERIFICATION_RESEND';
  flow: 'password-reset' | 'verification-resend';
  limits: (limits: Config['limits']) => { perEmail: Limit; perIp: Limit };
  message: string;
  /** Better Auth's field for where the mailed link leads: always Keel's own callback page. */
  linkTarget: (appUrl: string) => Record<string, string>;
};

const LINK_FLOWS = {
  passwordReset: {
    action: 'PASSWORD_RESET_REQUEST',
    flow: 'password-reset',
    limits: (limits) => ({ perEmail: limits.passwordReset, perIp: limits.passwordResetPerIp }),
    message: AUTH_MESSAGES.resetRateLimited,
    linkTarget: (appUrl) => ({ redirectTo: callbackUrl(appUrl, AUTH_CALLBACK_TYPES.recovery) }),
  },
  verificationResend: {
    action: 'EMAIL_VERIFICATION_RESEND',
    flow: 'verification-resend',
    limits: (limits) => ({ perEmail: limits.verificationResend, perIp: limits.verificationResendPerIp }),
    message: AUTH_MESSAGES.resendRateLimited,
    linkTarget: (appUrl) => ({ callbackURL: callbackUrl(appUrl, AUTH_CALLBACK_TYPES.signup) }),
  },
} as const satisfies Record<string, LinkFlow>;

export type AuthLinkKind = keyof typeof LINK_FLOWS;

/**
 * A reset link or a fresh verification link by mail: limited per IP, per email
 * and by the auth-mail ceiling, audited, and always leading to Keel's own
 * /auth/callback (recovery or signup).
 */
export async function mailAuthLink(
  deps: Pick<AppDeps, 'config' | 'db' | 'limiter' | 'audit'>,
  kind: AuthLinkKind,
  body: AuthBody,
  request: AuthRequest,
): Promise<AuthOutcome> {
  const flow: LinkFlow = LINK_FLOWS[kind];
  const email = readEmail(body.email);
  await limitMailingAuthAttempt(deps, request, {
    action: flow.action,
    flow: flow.flow,
    email,
    ...flow.limits(deps.config.limits),
    message: flow.message,
  });
  const outcome = await request.forward({ email, ...flow.linkTarget(deps.config.appUrl) });
  await auditAuthEvent(deps, request, {
    userId: await findUserIdByEmail(deps.db, email),
    action: flow.action,
    success: outcome.ok,
    metadata: { email },
  });
  return outcome;
}
