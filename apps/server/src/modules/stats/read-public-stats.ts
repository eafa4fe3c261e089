import { count, eq } from 'drizzle-orm';
import { erc4626Abi } from 'viem';
import type { ChainClient } from '../../chain/chain-client.js';
import type { VaultStatus } from '../../chain/vault-registry.js';
import type { Database } from '../../db/client.js';
import { user } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';

/** A measured figure and when it was measured; null when it cannot be measured right now. */
export type MeasuredValue = { value: string; asOf: string } | null;

export type PublicStats = {
  /** Sum of the three vaults' totalAssets() in micro-USDC, read from chain. */
  totalValue: MeasuredValue;
  /** Accounts whose email is verified, counted in the database. */
  savers: MeasuredValue;
};

type StatsSources = {
  db: Database;
  client: ChainClient;
  listVaults: () => Promise<VaultStatus[]>;
  now: () => number;
  logger: Logger;
};

/**
 * The landing page's figures shown as facts. The total is
 * the sum over all three vaults or nothing: with one vault unverified or
 * unreadable a partial sum would understate it while looking complete.
 */
async function readTotalValue(sources: StatsSources): Promise<MeasuredValue> {
  const statuses = await sources.listVaults();
  if (statuses.length === 0 || statuses.some((status) => !status.available)) return null;
  try {
    const [block, ...assets] = await Promise.all([
      sources.client.getBlock({ blockTag: 'latest' }),
      ...statuses.map((status) =>
        sources.client.readContract({ address: status.address, abi: erc4626Abi, functionName: 'totalAssets' }),
      ),
    ]);
    const total = assets.reduce((sum, value) => sum + value, 0n);
    return { value: total.toString(), asOf: new Date(Number(block.timestamp) * 1000).toISOString() };
  } catch (error) {
    sources.logger.warn({ err: error }, 'stats: vault totalAssets unreadable');
    return null;
  }
}

async function countVerifiedSavers(sources: StatsSources): Promise<MeasuredValue> {
  try {
    const [row] = await sources.db.select({ savers: count() }).from(user).where(eq(user.emailVerified, true));
    return { value: String(row?.savers ?? 0), asOf: new Date(sources.now()).toISOString() };
  } catch (error) {
    sources.logger.warn({ err: error }, 'stats: saver count unreadable');
    return null;
  }
}

export async function readPublicStats(sources: StatsSources): Promise<PublicStats> {
  const [totalValue, savers] = await Promise.all([readTotalValue(sources), countVerifiedSavers(sources)]);
  return { totalValue, savers };
}
