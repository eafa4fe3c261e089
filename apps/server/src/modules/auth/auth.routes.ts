import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { asAuthBody, readToken, type AuthBody } from './auth-input.js';
import { authRequestFrom } from './better-auth-pass-through.js';
import { changePassword } from './change-password.js';
import { checkResetToken } from './check-reset-token.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendVerificationEmail } from './resend-verification-email.js';
import { resetPassword } from './reset-password.js';
import { signInWithEmail } from './sign-in-with-email.js';
import { signOutEverywhere } from './sign-out-everywhere.js';
import { signUpWithEmail } from './sign-up-with-email.js';

async function readBody(c: Context<AppEnv>): Promise<AuthBody> {
  return asAuthBody(await c.req.json());
}

/**
 * /api/auth/*: Keel's checks (limits, §5 input rules, audit) in front of Better
 * Auth. The origin check and the input guard are app-wide middleware on /api/*.
 */
export function authRoutes(deps: AppDeps) {
  const requestOf = (c: Context<AppEnv>) => authRequestFrom(deps.auth, c);

  return new Hono<AppEnv>()
    .post('/sign-in/email', async (c) => {
      return (await signInWithEmail(deps, await readBody(c), requestOf(c))).response;
    })
    .post('/sign-up/email', async (c) => {
      const outcome = await signUpWithEmail(deps, await readBody(c), requestOf(c));
      if (!outcome.ok) return outcome.response;
      // One fixed answer whether the email was new or taken: nothing to enumerate.
      return c.json({ status: true as const }, 200);
    })
    .post('/sign-out', async (c) => {
      return (await signOutEverywhere(deps, requestOf(c))).response;
    })
    .post('/request-password-reset', async (c) => {
      const outcome = await requestPasswordReset(deps, await readBody(c), requestOf(c));
      if (!outcome.ok) return outcome.response;
      return c.json({ status: true as const, message: AUTH_MESSAGES.resetRequested }, 200);
    })
    .post('/reset-token-status', async (c) => {
      const token = readToken((await readBody(c)).token);
      return c.json({ valid: token !== null && (await checkResetToken(deps.auth, token)) }, 200);
    })
    .post('/reset-password', async (c) => {
      return (await resetPassword(deps, await readBody(c), requestOf(c))).response;
    })
    .post('/send-verification-email', async (c) => {
      return (await resendVerificationEmail(deps, await readBody(c), requestOf(c))).response;
    })
    .post('/change-password', async (c) => {
      return (await changePassword(deps, requestOf(c))).response;
    })
    .on(['GET', 'POST'], '/*', async (c) => {
      return (await requestOf(c).forward()).response;
    });
}
