import { PERFORMANCE_RANGE_MS, type PerformanceRangeId } from '@keel/core/constants';
import { realisedApy, type PricePoint } from '@keel/core/yield-math';
import { and, asc, eq } from 'drizzle-orm';
import { loggableChainFailure } from '../../chain/chain-errors.js';
import type { TtlCache } from '../../chain/ttl-cache.js';
import type { Database } from '../../db/client.js';
import { indexerCursors, sharePrices } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import { sampleEvenly, startPoint } from './build-history.js';
import type { HistoryChain } from './indexer/history-chain.js';
import type { HistoryVault } from './load-vault-histories.js';

const DAY_MS = 86_400_000;
/** Enough points for a phone-wide line; the chart never needs every hourly snapshot. */
const CHART_POINTS = 120;

/** A vault's state at the indexed block: what the vault page shows as live figures. */
export type VaultReading = { time: number; blockNumber: number; sharePrice: bigint; totalAssets: bigint };
export type VaultReadingCache = TtlCache<VaultReading>;

type RealisedApyWindow = { apy: string | null; since: string | null };

/** What /api/history/vaults/:id answers (money as integer strings, fractions as 10^-18 strings). */
export type VaultFigures = {
  vault: { id: HistoryVault['id']; name: string; address: string; available: boolean };
  indexing: boolean;
  stale: boolean;
  figures: {
    asOf: string;
    blockNumber: number;
    shareDecimals: number;
    totalAssets: string;
    sharePrice: string;
    realisedApy7d: RealisedApyWindow;
    realisedApy30d: RealisedApyWindow;
  } | null;
  chart: { time: string; price: string }[];
};

export type VaultFiguresOptions = {
  db: Database;
  chain: HistoryChain;
  chainId: number;
  vault: HistoryVault;
  range: PerformanceRangeId;
  readings: VaultReadingCache;
  logger: Logger;
};

function apyOver(prices: readonly PricePoint[], current: { time: number; price: bigint }, windowMs: number): RealisedApyWindow {
  const start = startPoint(prices, current.time - windowMs);
  if (!start) return { apy: null, since: null };
  const apy = realisedApy(start.price, current.price, current.time - start.time);
  return { apy: apy === null ? null : apy.toString(), since: apy === null ? null : new Date(start.time).toISOString() };
}

/**
 * One vault's public figures for its page: total assets and
 * share price at the indexed block (read from chain through a short cache; the
 * last snapshot when the chain cannot be read), realised APY over 7 and 30
 * days from the share-price snapshots, and the share-price series for a range.
 * Money as integer strings of the asset's units, fractions as 10^-18 strings.
 */
export async function loadVaultFigures(options: VaultFiguresOptions): Promise<VaultFigures> {
  const { db, chainId, vault } = options;
  const summary = { id: vault.id, name: vault.name, address: vault.address.toLowerCase(), available: vault.available };
  if (!vault.available) return { vault: summary, indexing: false, stale: false, figures: null, chart: [] };

  const address = vault.address.toLowerCase();
  const [cursor] = await db
    .select()
    .from(indexerCursors)
    .where(and(eq(indexerCursors.chainId, chainId), eq(indexerCursors.vaultAddress, address)));
  if (!cursor || cursor.lastBlock < cursor.startBlock) {
    return { vault: summary, indexing: true, stale: false, figures: null, chart: [] };
  }
  const rows = await db
    .select()
    .from(sharePrices)
    .where(and(eq(sharePrices.chainId, chainId), eq(sharePrices.vaultAddress, address)))
    .orderBy(asc(sharePrices.blockNumber));
  const snapshots = rows.filter((row) => row.blockNumber <= cursor.lastBlock);
  const prices = snapshots.map((row) => ({ time: row.blockTime.getTime(), price: BigInt(row.sharePrice) }));

  let reading: VaultReading | null;
  let stale = false;
  try {
    reading = await options.readings.get(`${chainId}:${address}:${cursor.lastBlock}`, async () => {
      const [block, price] = await Promise.all([
        options.chain.getBlock(cursor.lastBlock),
        options.chain.readSharePrice(vault.address, cursor.shareDecimals, cursor.lastBlock),
      ]);
      if (!block) throw new Error(`block ${cursor.lastBlock} not found`);
      return {
        time: block.time.getTime(),
        blockNumber: cursor.lastBlock,
        sharePrice: price.sharePrice,
        totalAssets: price.totalAssets,
      };
    });
  } catch (error) {
    options.logger.warn(
      { vault: address, ...loggableChainFailure(error) },
      'vault page: chain unreadable, using the last snapshot',
    );
    const last = snapshots.at(-1);
    reading = last
      ? {
          time: last.blockTime.getTime(),
          blockNumber: last.blockNumber,
          sharePrice: BigInt(last.sharePrice),
          totalAssets: BigInt(last.totalAssets),
        }
      : null;
    stale = true;
  }
  if (!reading) return { vault: summary, indexing: false, stale, figures: null, chart: [] };

  const current = { time: reading.time, price: reading.sharePrice };
  const rangeMs = PERFORMANCE_RANGE_MS[options.range];
  const from = rangeMs === null ? null : reading.time - rangeMs;
  const inRange = prices.filter((point) => from === null || point.time >= from);
  const chart = sampleEvenly([...inRange, current], CHART_POINTS).map((point) => ({
    time: new Date(point.time).toISOString(),
    price: point.price.toString(),
  }));
  return {
    vault: summary,
    indexing: false,
    stale,
    figures: {
      asOf: new Date(reading.time).toISOString(),
      blockNumber: reading.blockNumber,
      shareDecimals: cursor.shareDecimals,
      totalAssets: reading.totalAssets.toString(),
      sharePrice: reading.sharePrice.toString(),
      realisedApy7d: apyOver(prices, current, 7 * DAY_MS),
      realisedApy30d: apyOver(prices, current, 30 * DAY_MS),
    },
    chart,
  };
}
