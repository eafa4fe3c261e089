import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { addPasskey } from './add-passkey.js';
import { asAuthBody, type AuthBody } from './auth-input.js';
import { authRequestFrom } from './better-auth-pass-through.js';
import { confirmTwoStep } from './confirm-two-step.js';
import { listPasskeys } from './list-passkeys.js';
import { readSession } from './read-session.js';
import { readTwoStepStatus } from './read-two-step-status.js';
import { removePasskey } from './remove-passkey.js';
import { renewBackupCodes } from './renew-backup-codes.js';
import { requireSignedIn } from './require-signed-in.js';
import { signInWithPasskey } from './sign-in-with-passkey.js';
import { startPasskeyRegistration, startPasskeySignIn } from './start-passkey-ceremony.js';
import { turnOffTwoStep } from './turn-off-two-step.js';
import { turnOnTwoStep } from './turn-on-two-step.js';
import { verifyTwoStepSignIn } from './verify-two-step-sign-in.js';
import {
  addPasskeyDocs,
  listPasskeysDocs,
  passkeyRegisterOptionsDocs,
  passkeySignInDocs,
  passkeySignInOptionsDocs,
  removePasskeyDocs,
  renewBackupCodesDocs,
  turnOffTwoStepDocs,
  turnOnTwoStepDocs,
  twoStepStatusDocs,
  verifyBackupCodeDocs,
  verifyTotpDocs,
} from './account-security.docs.js';

async function readBody(c: Context<AppEnv>): Promise<AuthBody> {
  return asAuthBody(await c.req.json());
}

/**
 * /api/auth/two-factor/* and /api/auth/passkey/*: the endpoints of Better Auth's
 * two-factor and passkey plugins that the settings page, the second-step page
 * and the sign-in page use, each behind Keel's checks (input, limits, audit).
 * The plugins' other endpoints (get-totp-uri, send-otp, verify-otp,
 * update-passkey, …) are not routed and answer the API 404. See
 * docs/decisions for two-step sign-in and passkeys.
 */
export function accountSecurityRoutes(deps: AppDeps) {
  const requestOf = (c: Context<AppEnv>) => authRequestFrom(deps.auth, c);
  const signedIn = (c: Context<AppEnv>) => requireSignedIn(deps, c.req.raw.headers);

  return new Hono<AppEnv>()
    .get('/two-factor/status', twoStepStatusDocs, async (c) => {
      return c.json(readTwoStepStatus(await signedIn(c)), 200);
    })
    .post('/two-factor/enable', turnOnTwoStepDocs, async (c) => {
      return turnOnTwoStep(deps, await signedIn(c), await readBody(c), requestOf(c));
    })
    .post('/two-factor/verify-totp', verifyTotpDocs, async (c) => {
      const body = await readBody(c);
      // Signed in, this code confirms the setup; otherwise it is a sign-in's second step.
      const session = await readSession(deps, c.req.raw.headers);
      if (session.user) return confirmTwoStep(deps, await signedIn(c), body, requestOf(c));
      return verifyTwoStepSignIn(deps, body, requestOf(c), 'totp');
    })
    .post('/two-factor/verify-backup-code', verifyBackupCodeDocs, async (c) => {
      return verifyTwoStepSignIn(deps, await readBody(c), requestOf(c), 'backup_code');
    })
    .post('/two-factor/generate-backup-codes', renewBackupCodesDocs, async (c) => {
      return renewBackupCodes(deps, await signedIn(c), await readBody(c), requestOf(c));
    })
    .post('/two-factor/disable', turnOffTwoStepDocs, async (c) => {
      return turnOffTwoStep(deps, await signedIn(c), await readBody(c), requestOf(c));
    })
    .post('/passkey/generate-register-options', passkeyRegisterOptionsDocs, async (c) => {
      return startPasskeyRegistration(deps, await signedIn(c), await readBody(c), requestOf(c));
    })
    .post('/passkey/verify-registration', addPasskeyDocs, async (c) => {
      return addPasskey(deps, await signedIn(c), await readBody(c), requestOf(c));
    })
    .get('/passkey/list-user-passkeys', listPasskeysDocs, async (c) => {
      await signedIn(c);
      return listPasskeys(requestOf(c));
    })
    .post('/passkey/delete-passkey', removePasskeyDocs, async (c) => {
      return removePasskey(deps, await signedIn(c), await readBody(c), requestOf(c));
    })
    .get('/passkey/generate-authenticate-options', passkeySignInOptionsDocs, async (c) => {
      return startPasskeySignIn(deps, requestOf(c));
    })
    .post('/passkey/verify-authentication', passkeySignInDocs, async (c) => {
      return signInWithPasskey(deps, await readBody(c), requestOf(c));
    });
}
