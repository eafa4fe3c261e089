import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { Hono } from 'hono';
import { chainErrorKind } from '../../chain/chain-errors.js';
import { createTtlCache } from '../../chain/ttl-cache.js';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { isReadable, readPositions, type Position } from './read-positions.js';
import { positionsDocs } from './positions.docs.js';

/**
 * GET /api/positions: what the signed-in user's linked wallets hold in each
 * available vault, read from chain. Reads are cached per wallet set and block
 * (at most VAULT_CACHE_MS), so a burst costs one read and a new block — such as
 * the one confirming a deposit — is never hidden behind the cache.
 */
export function positionsRoutes(deps: AppDeps) {
  const cache = createTtlCache<Position[]>({ ttlMs: deps.config.vaultCacheMs, now: () => deps.now() });

  return new Hono<AppEnv>().get('/', positionsDocs, requireUser, async (c) => {
    const user = c.get('user');
    await enforceRateLimit(deps, {
      key: `positions:${user.id}`,
      limit: deps.config.limits.vaultData,
      message: VAULT_MESSAGES.rateLimited,
      onLimiterError: (error) => c.get('logger').error({ err: error }, 'positions rate-limit check failed'),
    });
    const [wallets, statuses] = await Promise.all([listLinkedWallets(deps.db, user.id), deps.chain.vaults.list()]);
    const vaults = statuses.map((status) => ({
      id: status.id,
      name: status.name,
      address: status.address,
      available: status.available,
    }));
    const readable = statuses.filter(isReadable);
    let positions: Position[] = [];
    if (wallets.length > 0 && readable.length > 0) {
      try {
        const blockNumber = await deps.chain.client.getBlockNumber({ cacheTime: 0 });
        const key = `${wallets.join(',')}|${readable.map((vault) => vault.address).join(',')}@${blockNumber}`;
        positions = await cache.get(key, () => readPositions(deps.chain.client, { wallets, vaults: readable, blockNumber }));
      } catch (error) {
        c.get('logger').warn({ cause: chainErrorKind(error) }, 'positions read failed');
        throw new AppError('UPSTREAM_FAILED', VAULT_MESSAGES.balancesReadFailed);
      }
    }
    return c.json({ wallets, vaults, positions, readAt: new Date(deps.now()).toISOString() });
  });
}
