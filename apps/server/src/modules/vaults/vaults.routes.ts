import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { addressSchema } from '@keel/core/schemas';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { z } from 'zod';
import { chainErrorKind } from '../../chain/chain-errors.js';
import { createVaultClient } from '../../chain/vault-client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import type { AuditEvent } from '../../lib/audit-log.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { createGetVaultData } from './get-vault-data.js';
import { createReadVaultContract } from './read-vault-contract.js';
import { getVaultDocs, listVaultsDocs } from './vaults.docs.js';

export const VAULT_DATA_ACCESS = 'VAULT_DATA_ACCESS';

const vaultParamSchema = z.object({
  address: addressSchema('Enter a valid vault address (0x followed by 40 hex characters)'),
});

type AccessFacts = {
  userId: string | null;
  vaultAddress: string | undefined;
  ipAddress: string | null;
  userAgent: string | undefined;
};

function accessFacts(c: Context<AppEnv>): AccessFacts {
  return {
    userId: c.get('user')?.id ?? null,
    vaultAddress: c.req.param('address'),
    ipAddress: c.get('clientIp'),
    userAgent: c.req.header('user-agent'),
  };
}

/** One security_audit_log row per access, allowed or not (action VAULT_DATA_ACCESS). */
function vaultAccessEvent(facts: AccessFacts, success: boolean, metadata: Record<string, unknown>): AuditEvent {
  return {
    userId: facts.userId,
    action: VAULT_DATA_ACCESS,
    success,
    metadata: { vaultAddress: facts.vaultAddress?.slice(0, 64) ?? null, ...metadata },
    ipAddress: facts.ipAddress,
    userAgent: facts.userAgent ?? null,
  };
}

function auditVaultAccess(deps: AppDeps, facts: AccessFacts, success: boolean, metadata: Record<string, unknown>) {
  return deps.audit.record(vaultAccessEvent(facts, success, metadata));
}

/**
 * Per-user limit on vault reads. Counted before validation so malformed floods
 * count too; a limiter failure denies rather than lets the read through.
 */
function limitVaultData(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const facts = accessFacts(c);
    await enforceRateLimit(deps, {
      key: `vault-data:${facts.userId ?? 'anonymous'}`,
      limit: deps.config.limits.vaultData,
      message: VAULT_MESSAGES.rateLimited,
      auditDenial: vaultAccessEvent(facts, false, { error: VAULT_MESSAGES.rateLimited }),
      onLimiterError: (error) => c.get('logger').error({ err: error }, 'vault data rate-limit check failed'),
    });
    await next();
  });
}

/**
 * GET /api/vaults: which of the three configured vaults passed verification.
 * GET /api/vaults/:address: live ERC-4626 figures of one of them (the secure vault panel's data).
 */
export function vaultsRoutes(deps: AppDeps) {
  const vaultClient = createVaultClient(deps.chain.client);
  const getVaultData = createGetVaultData({ client: vaultClient, cacheMs: deps.config.vaultCacheMs, now: () => deps.now() });
  const readVaultContract = createReadVaultContract({
    client: vaultClient,
    config: deps.config,
    logger: deps.logger,
    now: () => deps.now(),
  });

  return new Hono<AppEnv>()
    .get('/', listVaultsDocs, requireUser, async (c) => {
      const statuses = await deps.chain.vaults.list();
      const vaults = await Promise.all(
        statuses.map(async (status) => ({
          id: status.id,
          name: status.name,
          address: status.address,
          available: status.available,
          contract: await readVaultContract(status),
        })),
      );
      return c.json({ vaults });
    })
    .get('/:address', getVaultDocs, requireUser, limitVaultData(deps), validate('param', vaultParamSchema), async (c) => {
      const { address } = c.req.valid('param');
      const user = c.get('user');
      const facts = {
        userId: user.id,
        vaultAddress: address,
        ipAddress: c.get('clientIp'),
        userAgent: c.req.header('user-agent'),
      };
      const status = await deps.chain.vaults.find(address);
      if (!status) {
        await auditVaultAccess(deps, facts, false, { error: VAULT_MESSAGES.unknownVault });
        throw new AppError('NOT_FOUND', VAULT_MESSAGES.unknownVault);
      }
      if (!status.available) {
        await auditVaultAccess(deps, facts, false, { error: VAULT_MESSAGES.unavailable, reason: status.reason });
        throw new AppError('UNAVAILABLE', VAULT_MESSAGES.unavailable);
      }
      // One linked wallet per account (user_wallets is keyed by email).
      const [wallet] = await listLinkedWallets(deps.db, user.id);
      try {
        const data = await getVaultData(address, wallet ?? null);
        await auditVaultAccess(deps, facts, true, { vaultName: data.name });
        return c.json(data);
      } catch (error) {
        c.get('logger').warn({ vault: address, cause: chainErrorKind(error) }, 'vault read failed');
        // viem's messages can carry the RPC URL (maybe with an API key): keep only the error's kind.
        await auditVaultAccess(deps, facts, false, { error: VAULT_MESSAGES.fetchFailed, cause: chainErrorKind(error) });
        throw new AppError('UPSTREAM_FAILED', VAULT_MESSAGES.fetchFailed);
      }
    });
}
