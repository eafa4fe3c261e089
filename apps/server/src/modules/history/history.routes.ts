import { PERFORMANCE_RANGES, type PerformanceRangeId } from '@keel/core/constants';
import { VAULT_IDS } from '@keel/core/vaults';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { listSavingAddresses } from '../wallet/list-saving-addresses.js';
import { loadWalletTransfers } from './load-wallet-transfers.js';
import { buildActivity, buildHistory, buildOverview } from './build-history.js';
import { activityCsvFileName, streamActivityCsv } from './export-activity-csv.js';
import { createTtlCache } from '../../chain/ttl-cache.js';
import { loadVaultFigures, type VaultReading } from './load-vault-figures.js';
import { createCurrentReader, historyVaults, loadVaultHistories } from './load-vault-histories.js';
import { exportCsvDocs, historyDocs, overviewDocs, vaultFiguresDocs } from './history.docs.js';

const RANGE_IDS = PERFORMANCE_RANGES.map((range) => range.id) as [PerformanceRangeId, ...PerformanceRangeId[]];

const rangeQuerySchema = z.object({
  range: z.enum(RANGE_IDS, { error: `range must be one of ${RANGE_IDS.join(', ')}` }).default('30d'),
});

const vaultParamSchema = z.object({
  id: z.enum(VAULT_IDS, { error: `vault must be one of ${VAULT_IDS.join(', ')}` }),
});

/** The 429's message, naming the wait (Retry-After says it too). */
function historyRateLimited(retryAfterSeconds: number): string {
  return `Too many history requests. Please try again in ${retryAfterSeconds} seconds.`;
}

/**
 * Per-user cap on history reads: each one loads the user's whole history and
 * reads the chain. A limiter failure refuses (fails closed), as for vault reads.
 */
function limitHistory(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(deps, {
      key: `history:${c.get('user')?.id ?? 'anonymous'}`,
      limit: deps.config.limits.history,
      message: historyRateLimited,
      onLimiterError: (error) => c.get('logger').error({ err: error }, 'history rate-limit check failed'),
    });
    await next();
  });
}

/**
 * /api/history: the signed-in user's earnings, realised APY, chart series and
 * activity, from the indexed chain history of their linked wallets only.
 */
export function historyRoutes(deps: AppDeps) {
  const current = createCurrentReader({ cacheMs: deps.config.vaultCacheMs, now: () => deps.now() });
  const readings = createTtlCache<VaultReading>({ ttlMs: deps.config.vaultCacheMs, now: () => deps.now(), maxEntries: 100 });

  async function loadFor(user: { id: string }) {
    const [wallets, statuses, saving] = await Promise.all([
      listLinkedWallets(deps.db, user.id),
      deps.chain.vaults.list(),
      listSavingAddresses(deps.db, user.id),
    ]);
    const [loaded, walletTransfers] = await Promise.all([
      loadVaultHistories({
        db: deps.db,
        chain: deps.historyChain,
        chainId: deps.config.chainId,
        vaults: historyVaults(deps.config, statuses),
        userId: user.id,
        wallets,
        current,
        logger: deps.logger,
      }),
      loadWalletTransfers({
        db: deps.db,
        chainId: deps.config.chainId,
        addresses: saving.map((entry) => entry.address),
        vaultAddresses: statuses.map((status) => status.address),
      }),
    ]);
    return { ...loaded, walletTransfers };
  }

  return new Hono<AppEnv>()
    .get('/', historyDocs, requireUser, limitHistory(deps), validate('query', rangeQuerySchema), async (c) => {
      const { range } = c.req.valid('query');
      return c.json(buildHistory(await loadFor(c.get('user')), range));
    })
    .get(
      '/vaults/:id',
      vaultFiguresDocs,
      requireUser,
      limitHistory(deps),
      validate('param', vaultParamSchema),
      validate('query', rangeQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const { range } = c.req.valid('query');
        const vaults = historyVaults(deps.config, await deps.chain.vaults.list());
        const vault = vaults.find((entry) => entry.id === id);
        // The catalogue and the configuration always name all three vaults.
        if (!vault) throw new Error(`vault ${id} is not configured`);
        return c.json(
          await loadVaultFigures({
            db: deps.db,
            chain: deps.historyChain,
            chainId: deps.config.chainId,
            vault,
            range,
            readings,
            logger: c.get('logger'),
          }),
        );
      },
    )
    .get('/overview', overviewDocs, requireUser, limitHistory(deps), async (c) => {
      return c.json(buildOverview(await loadFor(c.get('user'))));
    })
    .get('/export.csv', exportCsvDocs, requireUser, limitHistory(deps), async (c) => {
      const rows = buildActivity(await loadFor(c.get('user')));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${activityCsvFileName(new Date(deps.now()))}"`);
      return c.body(streamActivityCsv(rows));
    });
}
