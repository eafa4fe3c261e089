import { PASSKEY_ACCOUNT_MESSAGES, registerPasskeyAccountSchema } from '@keel/core/passkey-account';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../deps.js';
import { AppError, type ErrorCode } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { getPasskeyAccount } from './get-passkey-account.js';
import { issuePasskeyChallenge } from './issue-passkey-challenge.js';
import { getPasskeyAccountDocs, passkeyChallengeDocs, registerPasskeyAccountDocs } from './passkey-account.docs.js';
import { registerPasskeyAccount, type RegistrationRefusal } from './register-passkey-account.js';

export const PASSKEY_ACCOUNT_CREATE = 'PASSKEY_ACCOUNT_CREATE';

const REFUSALS: Record<RegistrationRefusal, { code: ErrorCode; message: string }> = {
  'already-exists': { code: 'CONFLICT', message: PASSKEY_ACCOUNT_MESSAGES.alreadyExists },
  'credential-taken': { code: 'CONFLICT', message: PASSKEY_ACCOUNT_MESSAGES.credentialTaken },
  'unknown-challenge': { code: 'BAD_REQUEST', message: PASSKEY_ACCOUNT_MESSAGES.unknownChallenge },
  'not-verified': { code: 'BAD_REQUEST', message: PASSKEY_ACCOUNT_MESSAGES.notVerified },
  'not-es256': { code: 'BAD_REQUEST', message: PASSKEY_ACCOUNT_MESSAGES.notEs256 },
};

/**
 * /api/passkey-account: the signed-in user's savings account owned by a passkey.
 * GET answers it; POST /challenge issues a single-use WebAuthn challenge;
 * POST verifies the registration, computes the Safe's address and links it.
 * Every route answers PASSKEY_ACCOUNTS_OFF (404) while no bundler is configured.
 */
export function passkeyAccountRoutes(deps: AppDeps) {
  const requireEnabled = createMiddleware<AppEnv>(async (_c, next) => {
    if (deps.config.passkeyAccounts === null) throw new AppError('PASSKEY_ACCOUNTS_OFF', PASSKEY_ACCOUNT_MESSAGES.disabled);
    await next();
  });
  type Who = { userId: string; ipAddress: string | null; userAgent: string | null };
  const audit = (who: Who, success: boolean, metadata: Record<string, unknown>) =>
    deps.audit.record({ ...who, action: PASSKEY_ACCOUNT_CREATE, success, metadata });
  const limit = (who: Who, step: string, onLimiterError: (error: unknown) => void) =>
    enforceRateLimit(deps, {
      key: `passkey-account:${who.userId}`,
      limit: deps.config.limits.passkeyAccount,
      message: PASSKEY_ACCOUNT_MESSAGES.rateLimited,
      auditDenial: { ...who, action: PASSKEY_ACCOUNT_CREATE, success: false, metadata: { step, error: 'rate-limited' } },
      onLimiterError,
    });

  return new Hono<AppEnv>()
    .get('/', getPasskeyAccountDocs, requireEnabled, requireUser, async (c) => {
      const account = await getPasskeyAccount({ db: deps.db, client: deps.chain.client, now: deps.now }, c.get('user').id);
      return c.json({ account });
    })
    .post('/challenge', passkeyChallengeDocs, requireEnabled, requireUser, async (c) => {
      const user = c.get('user');
      const who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
      await limit(who, 'challenge', (error) => c.get('logger').error({ err: error }, 'passkey rate-limit check failed'));
      const existing = await getPasskeyAccount({ db: deps.db, client: deps.chain.client, now: deps.now }, user.id);
      if (existing) throw new AppError('CONFLICT', PASSKEY_ACCOUNT_MESSAGES.alreadyExists, { reason: 'already-exists' });
      return c.json(await issuePasskeyChallenge(deps.db, deps.config, { user, now: new Date(deps.now()) }));
    })
    .post(
      '/',
      registerPasskeyAccountDocs,
      requireEnabled,
      requireUser,
      validate('json', registerPasskeyAccountSchema),
      async (c) => {
        const user = c.get('user');
        const who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
        await limit(who, 'register', (error) => c.get('logger').error({ err: error }, 'passkey rate-limit check failed'));
        const input = c.req.valid('json');
        const result = await registerPasskeyAccount(
          { db: deps.db, client: deps.chain.client, config: deps.config },
          { user, input, now: new Date(deps.now()) },
        );
        if (!result.ok) {
          await audit(who, false, { reason: result.reason, detail: result.detail, credentialId: input.credential.id });
          const refusal = REFUSALS[result.reason];
          throw new AppError(refusal.code, refusal.message, { reason: result.reason });
        }
        await audit(who, true, {
          address: result.account.address,
          credentialId: result.account.credentialId,
          recoveryOwner: result.account.recoveryOwner,
        });
        return c.json({ account: result.account }, 201);
      },
    );
}
