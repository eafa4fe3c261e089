import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { passkey as passkeyPlugin } from '@better-auth/passkey';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@keel/core/constants';
import { paths } from '@keel/core/paths';
import { AUTH_CALLBACK_TYPES } from '@keel/core/auth-messages';
import { account, passkey, session, twoFactor, user, verification } from '../../db/schema.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuditLog } from '../../lib/audit-log.js';
import type { Logger } from '../../lib/logger.js';
import {
  confirmNewEmail,
  emailChangeRequestedEmail,
  existingAccountEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from '../../mail/auth-emails.js';
import type { MailOutbox } from '../../mail/mail-outbox.js';
import type { MailMessage } from '../../mail/mailer.js';
import { scopeBetterAuthStorages } from './auth-async-context.js';
import { noteSignInDevice } from './note-sign-in-device.js';
import { revokeUserSessions } from './revoke-user-sessions.js';
import { mintVerificationToken, readEmailChange } from './verification-binding.js';
import { requireVerifiedUserOnRegistration, requireVerifiedUserOnSignIn } from './passkey-rules.js';

/** The header the auth routes fill from the socket address (never from the client). */
export const CLIENT_IP_HEADER = 'x-keel-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const SESSION_COOKIE_PREFIX = 'keel';
/** The session cookie's name (with __Secure- in front over https). */
export const SESSION_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`;
/** The cookie that carries a password sign-in waiting for its second step (Better Auth's two-factor plugin). */
export const TWO_STEP_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.two_factor`;
/** Backup codes given when two-step sign-in is turned on or the codes are renewed; each works once. */
export const BACKUP_CODE_COUNT = 10;

const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;
/**
 * Better Auth's sliding expiry is the idle timeout: a session expires
 * SESSION_IDLE_TIMEOUT_MS after its last refresh, and a request refreshes it
 * once 1/96 of that has passed (15 minutes of 24 hours), so an active session
 * never lapses and an idle one ends within the timeout. The absolute lifetime
 * (SESSION_MAX_AGE_MS from sign-in) is enforced by readSession.
 */
function sessionTimings(idleTimeoutMs: number) {
  const expiresIn = Math.floor(idleTimeoutMs / 1000);
  return { expiresIn, updateAge: Math.max(60, Math.floor(expiresIn / 96)) };
}

/** Only what Better Auth needs: no reference back to AppDeps, which names this file's Auth type. */
export type AuthDeps = {
  config: Pick<Config, 'appUrl' | 'authSecret' | 'isHttps' | 'session'>;
  db: Database;
  mailOutbox: Pick<MailOutbox, 'enqueue'>;
  logger: Logger;
  audit: AuditLog;
};

export function callbackUrl(appUrl: string, type: string): string {
  return `${appUrl}${paths.authCallback}?type=${type}`;
}

/**
 * Links in mail are built here from the token alone, so no client-supplied
 * callback can ever steer where they land.
 */
export function verificationLink(appUrl: string, token: string): string {
  const callback = encodeURIComponent(callbackUrl(appUrl, AUTH_CALLBACK_TYPES.signup));
  return `${appUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`;
}

/** The sign-in page opened on its forgot-password form. */
export function forgotPasswordUrl(appUrl: string): string {
  return `${appUrl}${paths.signIn}?mode=forgot`;
}

export function resetLink(appUrl: string, token: string): string {
  const callback = encodeURIComponent(callbackUrl(appUrl, AUTH_CALLBACK_TYPES.recovery));
  return `${appUrl}${AUTH_BASE_PATH}/reset-password/${encodeURIComponent(token)}?callbackURL=${callback}`;
}

function requestMeta(request: Request | undefined) {
  return {
    ipAddress: request?.headers.get(CLIENT_IP_HEADER) ?? null,
    userAgent: request?.headers.get('user-agent') ?? null,
  };
}

/** The Better Auth instance: email + password, verification, reset, database sessions. */
export function createAuth(deps: AuthDeps) {
  const { config } = deps;

  // Mail is written to the outbox before the answer (a crash right after it loses
  // no verification mail) and sent by the outbox worker, so SMTP never holds up the
  // response: the answer (and its timing) must not reveal whether an account exists.
  // Failures are logged, never thrown. The global ceiling on auth mail
  // (LIMIT_AUTH_MAIL_*) is counted by the routes that can send one, per request.
  const queueMail = async (message: MailMessage, kind: string, userId: string | undefined): Promise<void> => {
    try {
      await deps.mailOutbox.enqueue(message, { kind, ...(userId ? { userId } : {}) });
    } catch (error) {
      deps.logger.error({ err: error, kind }, 'auth mail failed');
    }
  };
  const verificationTokenFor = (target: { id: string; email: string }) =>
    mintVerificationToken({ db: deps.db, secret: config.authSecret, expiresInSeconds: VERIFICATION_TTL_SECONDS }, target);

  const auth = betterAuth({
    appName: 'Keel',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: { user, session, account, verification, twoFactor, passkey } }),
    // Keel's own database-backed limiter guards these routes (auth.routes.ts).
    rateLimit: { enabled: false },
    logger: {
      // Its warnings are per-request noise ("Invalid password", with emails at
      // info): the audit log records those events. Only errors stay loud.
      log: (level, message) => {
        const line = { source: 'better-auth' };
        if (level === 'error') deps.logger.error(line, message);
        else deps.logger.debug(line, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: account, token }) => {
        await queueMail(passwordResetEmail(account, resetLink(config.appUrl, token)), 'password-reset', account.id);
      },
      onPasswordReset: async ({ user: account }, request) => {
        await deps.audit.record({
          userId: account.id,
          action: 'PASSWORD_CHANGE',
          success: true,
          metadata: { method: 'reset_link', sessionsRevoked: true },
          ...requestMeta(request),
        });
        await queueMail(
          passwordChangedEmail(account, { resetAgain: forgotPasswordUrl(config.appUrl) }),
          'password-changed',
          account.id,
        );
      },
      onExistingUserSignUp: async ({ user: existing }) => {
        // An unverified owner gets a fresh link; a verified one a heads-up. Both
        // answers look the same to whoever submitted the form.
        if (!existing.emailVerified) {
          // The sign-up route has just given this account the new password: the link is bound to it.
          const token = await verificationTokenFor(existing);
          await queueMail(verificationEmail(existing, verificationLink(config.appUrl, token)), 'verification', existing.id);
          return;
        }
        await queueMail(
          existingAccountEmail(existing, { signIn: `${config.appUrl}${paths.signIn}` }),
          'existing-account',
          existing.id,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-in with an unverified email must not bypass the resend limit.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TTL_SECONDS,
      // Better Auth's own token is not bound to the password; Keel mints one that is.
      // An email change keeps Better Auth's link (it names both addresses) and warns the old address.
      sendVerificationEmail: async ({ user: account, url, token: changeToken }) => {
        const change = readEmailChange(changeToken);
        if (change) {
          const settingsUrl = `${config.appUrl}${paths.settings}`;
          await queueMail(confirmNewEmail(account, url), 'email-change-confirm', account.id);
          await queueMail(
            emailChangeRequestedEmail({ email: change.from, name: account.name }, { newEmail: change.to, settingsUrl }),
            'email-change-notice',
            account.id,
          );
          return;
        }
        const token = await verificationTokenFor(account);
        await queueMail(verificationEmail(account, verificationLink(config.appUrl, token)), 'verification', account.id);
      },
      // Runs before the verifier's own session is created: every other session ends.
      // A confirmed email change is not a first verification: the owner's sessions stay.
      afterEmailVerification: async (account, request) => {
        const change = request ? readEmailChange(new URL(request.url).searchParams.get('token')) : null;
        if (change) {
          await deps.audit.record({ userId: account.id, action: 'EMAIL_CHANGED', success: true, ...requestMeta(request) });
          return;
        }
        const sessionsRevoked = await revokeUserSessions(deps.db, account.id);
        await deps.audit.record({
          userId: account.id,
          action: 'EMAIL_VERIFIED',
          success: true,
          metadata: { sessionsRevoked },
          ...requestMeta(request),
        });
      },
    },
    session: sessionTimings(config.session.idleTimeoutMs),
    // The new address confirms before anything changes (sendVerificationEmail above).
    user: { changeEmail: { enabled: true } },
    databaseHooks: {
      session: {
        create: {
          after: async (created, context) => {
            await noteSignInDevice(deps, created, context, requestMeta(context?.request).ipAddress);
          },
        },
      },
    },
    verification: { storeIdentifier: 'hashed' },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isHttps },
      // Better Auth skips these checks under NODE_ENV=test unless told otherwise.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      twoFactorPlugin({
        issuer: 'Keel',
        // The first code from the app turns it on: a mistyped secret cannot lock the saver out.
        skipVerificationOnEnable: false,
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10 },
      }),
      passkeyPlugin({
        rpID: new URL(config.appUrl).hostname,
        rpName: 'Keel',
        origin: config.appUrl,
        // Discoverable (no email to type) and always verified on the device: a passkey stands in for both steps.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        advanced: { webAuthnChallengeCookie: 'passkey_challenge' },
        registration: { afterVerification: requireVerifiedUserOnRegistration },
        authentication: { afterVerification: requireVerifiedUserOnSignIn },
      }),
    ],
    telemetry: { enabled: false },
  });
  // Its stores switch Node 20's async hooks off between its calls (auth-async-context.ts).
  scopeBetterAuthStorages();
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
