import { PERFORMANCE_RANGES, type PerformanceRangeId } from '@keel/core/constants';
import { isFutureMonth, monthBounds, monthLabel } from '@keel/core/statement-month';
import { statementMonthSchema, timeZoneSchema } from '@keel/core/statement-schemas';
import { VAULT_IDS } from '@keel/core/vaults';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { validate } from '../../lib/validate.js';
import { limitHistory } from './limit-history.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { listSavingAddresses } from '../wallet/list-saving-addresses.js';
import { loadWalletTransfers } from './load-wallet-transfers.js';
import { buildActivity, buildHistory, buildOverview } from './build-history.js';
import { activityCsvFileName, activityInMonth, streamActivityCsv } from './export-activity-csv.js';
import { createTtlCache } from '../../chain/ttl-cache.js';
import { loadVaultFigures, type VaultReading } from './load-vault-figures.js';
import { createCurrentReader, historyVaults, loadVaultHistories } from './load-vault-histories.js';
import { exportCsvDocs, historyDocs, overviewDocs, vaultFiguresDocs } from './history.docs.js';

const RANGE_IDS = PERFORMANCE_RANGES.map((range) => range.id) as [PerformanceRangeId, ...PerformanceRangeId[]];

const rangeQuerySchema = z.object({
  range: z.enum(RANGE_IDS, { error: `range must be one of ${RANGE_IDS.join(', ')}` }).default('30d'),
});

/** The whole history, or one month of it in the saver's time zone (the monthly statement's CSV). */
const csvQuerySchema = z.object({ month: statementMonthSchema.optional(), timeZone: timeZoneSchema });

const vaultParamSchema = z.object({
  id: z.enum(VAULT_IDS, { error: `vault must be one of ${VAULT_IDS.join(', ')}` }),
});

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
    const [loaded, wallet] = await Promise.all([
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
    return { ...loaded, walletTransfers: wallet.transfers, walletUsdc: wallet.held };
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
    .get('/export.csv', exportCsvDocs, requireUser, limitHistory(deps), validate('query', csvQuerySchema), async (c) => {
      const { month, timeZone } = c.req.valid('query');
      if (month !== undefined && isFutureMonth(month, timeZone, deps.now())) {
        throw new AppError('VALIDATION_FAILED', `${monthLabel(month)} has not started yet.`);
      }
      const all = buildActivity(await loadFor(c.get('user')));
      const rows = month === undefined ? all : activityInMonth(all, monthBounds(month, timeZone));
      const fileName = month === undefined ? activityCsvFileName(new Date(deps.now())) : `keel-activity-${month}.csv`;
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return c.body(streamActivityCsv(rows));
    });
}
