import type { AuthAnswerOf } from '@keel/core/auth-api';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { accountSecurityRoutes } from './account-security.routes.js';
import { asAuthBody, readToken, type AuthBody } from './auth-input.js';
import { authRequestFrom, withUserOnly } from './better-auth-pass-through.js';
import { checkResetToken } from './check-reset-token.js';
import { readSession } from './read-session.js';
import { mailAuthLink } from './mail-auth-link.js';
import { resetPassword } from './reset-password.js';
import { signInWithEmail } from './sign-in-with-email.js';
import { signOutEverywhere } from './sign-out-everywhere.js';
import { signUpWithEmail } from './sign-up-with-email.js';
import { verifyEmail } from './verify-email.js';
import { changeEmailSchema, changePasswordSchema, revokeSessionSchema } from '@keel/core/account-settings';
import type { AccountAuthAnswerOf } from '@keel/core/account-settings';
import { validate } from '../../lib/validate.js';
import { statusOnly } from './account-request.js';
import {
  changeEmailDocs,
  changePasswordDocs,
  listSessionsDocs,
  revokeOtherSessionsDocs,
  revokeSessionDocs,
} from './account-auth.docs.js';
import { changeAccountEmail } from './change-account-email.js';
import { changeAccountPassword } from './change-account-password.js';
import { listAccountSessions, revokeAccountSession, revokeOtherSessions } from './manage-sessions.js';
import {
  getSessionDocs,
  requestResetDocs,
  resendVerificationDocs,
  resetLinkDocs,
  resetPasswordDocs,
  resetTokenStatusDocs,
  signInDocs,
  signOutDocs,
  signUpDocs,
  verifyEmailDocs,
} from './auth.docs.js';

async function readBody(c: Context<AppEnv>): Promise<AuthBody> {
  return asAuthBody(await c.req.json());
}

/**
 * /api/auth/*: only the endpoints Keel's screens and mail links use, each with
 * Keel's checks (limits, input rules, audit) in front of Better Auth. What each
 * reads and answers is written once in core (auth-api.ts), for these routes and the web.
 * Everything else Better Auth offers (update-user, delete-user, revoke-sessions,
 * …) is not routed and answers the API 404.
 * The origin check and the input guard are app-wide middleware on /api/*.
 */
export function authRoutes(deps: AppDeps) {
  const requestOf = (c: Context<AppEnv>) => authRequestFrom(deps.auth, c);

  return (
    new Hono<AppEnv>()
      .get('/get-session', getSessionDocs, async (c) => {
        // The user only: no session id, token or IP (sessions are listed nowhere).
        const found = await readSession(deps, c.req.raw.headers);
        for (const value of found.refreshCookies) c.header('set-cookie', value, { append: true });
        const answer: AuthAnswerOf<'/get-session'> = found.user ? { user: found.user } : null;
        return c.json(answer, 200);
      })
      .post('/sign-in/email', signInDocs, async (c) => {
        return withUserOnly((await signInWithEmail(deps, await readBody(c), requestOf(c))).response);
      })
      .post('/sign-up/email', signUpDocs, async (c) => {
        const outcome = await signUpWithEmail(deps, await readBody(c), requestOf(c));
        if (!outcome.ok) return outcome.response;
        // One fixed answer whether the email was new or taken: nothing to enumerate.
        return c.json({ status: true } satisfies AuthAnswerOf<'/sign-up/email'>, 200);
      })
      .post('/sign-out', signOutDocs, async (c) => {
        return (await signOutEverywhere(deps, requestOf(c))).response;
      })
      .post('/request-password-reset', requestResetDocs, async (c) => {
        const outcome = await mailAuthLink(deps, 'passwordReset', await readBody(c), requestOf(c));
        if (!outcome.ok) return outcome.response;
        return c.json(
          { status: true, message: AUTH_MESSAGES.resetRequested } satisfies AuthAnswerOf<'/request-password-reset'>,
          200,
        );
      })
      .post('/reset-token-status', resetTokenStatusDocs, async (c) => {
        const token = readToken((await readBody(c)).token);
        const answer: AuthAnswerOf<'/reset-token-status'> = {
          valid: token !== null && (await checkResetToken(deps.auth, token)),
        };
        return c.json(answer, 200);
      })
      .post('/reset-password', resetPasswordDocs, async (c) => {
        return (await resetPassword(deps, await readBody(c), requestOf(c))).response;
      })
      .post('/send-verification-email', resendVerificationDocs, async (c) => {
        return (await mailAuthLink(deps, 'verificationResend', await readBody(c), requestOf(c))).response;
      })
      // The two links mail carries: Better Auth verifies, or checks the reset token, and redirects to /auth/callback.
      .get('/verify-email', verifyEmailDocs, async (c) => {
        return verifyEmail(deps, c.req.query('token'), requestOf(c));
      })
      .get('/reset-password/:token', resetLinkDocs, async (c) => {
        return (await requestOf(c).forward()).response;
      })
      // The account settings page: sessions, email, password.
      .get('/list-sessions', listSessionsDocs, async (c) => {
        const answer: AccountAuthAnswerOf<'/list-sessions'> = await listAccountSessions(deps, requestOf(c));
        return c.json(answer, 200);
      })
      .post('/revoke-session', revokeSessionDocs, validate('json', revokeSessionSchema), async (c) => {
        return statusOnly((await revokeAccountSession(deps, requestOf(c), c.req.valid('json').id)).response);
      })
      .post('/revoke-other-sessions', revokeOtherSessionsDocs, async (c) => {
        return statusOnly((await revokeOtherSessions(deps, requestOf(c))).response);
      })
      .post('/change-email', changeEmailDocs, validate('json', changeEmailSchema), async (c) => {
        return statusOnly((await changeAccountEmail(deps, requestOf(c), c.req.valid('json').newEmail)).response);
      })
      .post('/change-password', changePasswordDocs, validate('json', changePasswordSchema), async (c) => {
        return statusOnly((await changeAccountPassword(deps, requestOf(c), c.req.valid('json'))).response);
      })
      .route('/', accountSecurityRoutes(deps))
  );
}
