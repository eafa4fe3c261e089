import {
  MAX_ACCOUNT_PASSKEYS,
  PASSKEY_ACCOUNT_MESSAGES,
  registerAccountPasskeySchema,
  registerPasskeyAccountSchema,
} from '@keel/core/passkey-account';
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
import {
  accountPasskeyChallengeDocs,
  getPasskeyAccountDocs,
  passkeyChallengeDocs,
  registerAccountPasskeyDocs,
  registerPasskeyAccountDocs,
  syncAccountPasskeysDocs,
} from './passkey-account.docs.js';
import { registerAccountPasskey, type AccountPasskeyRefusal } from './register-account-passkey.js';
import { registerPasskeyAccount, type RegistrationRefusal } from './register-passkey-account.js';
import { syncAccountPasskeys } from './sync-account-passkeys.js';

export const PASSKEY_ACCOUNT_CREATE = 'PASSKEY_ACCOUNT_CREATE';
export const PASSKEY_ACCOUNT_ADD_PASSKEY = 'PASSKEY_ACCOUNT_ADD_PASSKEY';

const REFUSALS: Record<RegistrationRefusal, { code: ErrorCode; message: string }> = {
  'already-exists': { code: 'CONFLICT', message: PASSKEY_ACCOUNT_MESSAGES.alreadyExists },
  'credential-taken': { code: 'CONFLICT', message: PASSKEY_ACCOUNT_MESSAGES.credentialTaken },
  'unknown-challenge': { code: 'BAD_REQUEST', message: PASSKEY_ACCOUNT_MESSAGES.unknownChallenge },
  'not-verified': { code: 'BAD_REQUEST', message: PASSKEY_ACCOUNT_MESSAGES.notVerified },
  'not-es256': { code: 'BAD_REQUEST', message: PASSKEY_ACCOUNT_MESSAGES.notEs256 },
};

const PASSKEY_REFUSALS: Record<AccountPasskeyRefusal, { code: ErrorCode; message: string }> = {
  'no-account': { code: 'NOT_FOUND', message: PASSKEY_ACCOUNT_MESSAGES.noAccount },
  'too-many': {
    code: 'CONFLICT',
    message: `Your savings account already has ${MAX_ACCOUNT_PASSKEYS} passkeys. Remove one you no longer use first.`,
  },
  'credential-taken': { code: 'CONFLICT', message: PASSKEY_ACCOUNT_MESSAGES.credentialTaken },
  'unknown-challenge': REFUSALS['unknown-challenge'],
  'not-verified': REFUSALS['not-verified'],
  'not-es256': REFUSALS['not-es256'],
};

/**
 * /api/passkey-account: the signed-in user's savings account owned by a passkey.
 * GET answers it; POST /challenge issues a single-use WebAuthn challenge;
 * POST verifies the registration, computes the Safe's address and links it.
 * /passkeys/challenge and POST /passkeys record another passkey (pending);
 * POST /passkeys/sync reads the Safe's owners on chain and updates which are active.
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
          { user, input, userAgent: who.userAgent, now: new Date(deps.now()) },
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
    )
    .post('/passkeys/challenge', accountPasskeyChallengeDocs, requireEnabled, requireUser, async (c) => {
      const user = c.get('user');
      const who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
      await limit(who, 'passkey-challenge', (error) => c.get('logger').error({ err: error }, 'passkey rate-limit check failed'));
      const existing = await getPasskeyAccount({ db: deps.db, client: deps.chain.client, now: deps.now }, user.id);
      if (!existing) throw new AppError('NOT_FOUND', PASSKEY_ACCOUNT_MESSAGES.noAccount, { reason: 'no-account' });
      return c.json(
        await issuePasskeyChallenge(deps.db, deps.config, { user, now: new Date(deps.now()), purpose: 'another-passkey' }),
      );
    })
    .post(
      '/passkeys',
      registerAccountPasskeyDocs,
      requireEnabled,
      requireUser,
      validate('json', registerAccountPasskeySchema),
      async (c) => {
        const user = c.get('user');
        const who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
        await limit(who, 'passkey-register', (error) => c.get('logger').error({ err: error }, 'passkey rate-limit check failed'));
        const input = c.req.valid('json');
        const result = await registerAccountPasskey(
          { db: deps.db, client: deps.chain.client, config: deps.config },
          { userId: user.id, input, userAgent: who.userAgent, now: new Date(deps.now()) },
        );
        const record = (success: boolean, metadata: Record<string, unknown>) =>
          deps.audit.record({ ...who, action: PASSKEY_ACCOUNT_ADD_PASSKEY, success, metadata });
        if (!result.ok) {
          await record(false, { reason: result.reason, detail: result.detail, credentialId: input.credential.id });
          const refusal = PASSKEY_REFUSALS[result.reason];
          throw new AppError(refusal.code, refusal.message, { reason: result.reason });
        }
        await record(true, { credentialId: result.passkey.credentialId, signer: result.passkey.signer });
        return c.json({ passkey: result.passkey }, 201);
      },
    )
    .post('/passkeys/sync', syncAccountPasskeysDocs, requireEnabled, requireUser, async (c) => {
      let account: Awaited<ReturnType<typeof syncAccountPasskeys>>;
      try {
        account = await syncAccountPasskeys({ db: deps.db, client: deps.chain.client, now: deps.now }, c.get('user').id);
      } catch (error) {
        c.get('logger').error({ err: error }, 'reading the Safe owners failed');
        throw new AppError('UPSTREAM_FAILED', 'Keel could not read your savings account on Base just now. Please try again.');
      }
      if (!account) throw new AppError('NOT_FOUND', PASSKEY_ACCOUNT_MESSAGES.noAccount, { reason: 'no-account' });
      return c.json({ account });
    });
}
