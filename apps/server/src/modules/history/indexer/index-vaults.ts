import { SHARE_PRICE_SNAPSHOT_MS } from '@keel/core/constants';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { loggableChainFailure } from '../../../chain/chain-errors.js';
import type { Database } from '../../../db/client.js';
import { indexerCursors, sharePrices, vaultEvents } from '../../../db/schema.js';
import type { Logger } from '../../../lib/logger.js';
import type { NotificationContext } from '../../notifications/enqueue-notification.js';
import { notifySharePriceDrop } from '../../notifications/notify-share-price-drop.js';
import { notifyVaultEvents } from '../../notifications/notify-vault-events.js';
import { isTransportError, type ChainBlock, type ChainVaultEvent, type HistoryChain } from './history-chain.js';

/**
 * How far back a restart or a detected reorg re-reads. Base reorgs are a few
 * blocks at most and the indexer already stays CHAIN_CONFIRMATIONS behind the
 * head; this is the margin for anything deeper.
 */
export const REORG_REWIND_BLOCKS = 64;
/** Ranges one vault reads per pass, so a long backfill still yields (and stops) between passes. */
const RANGES_PER_PASS = 25;

export type IndexVaultsOptions = {
  db: Database;
  chain: HistoryChain;
  chainId: number;
  vaults: readonly Address[];
  confirmations: number;
  blockRange: number;
  /** INDEX_FROM_BLOCK, or undefined: each vault's deployment block. */
  fromBlock: number | undefined;
  logger: Logger;
  /** Vaults already logged as having unreadable old share prices: logged once, not once per block. */
  unreadablePriceVaults?: Set<string>;
  /** Mails the savers concerned (deposits, withdrawals, large drops) in the transaction that stores the events. */
  notify?: NotificationContext;
};

export type IndexPassResult = {
  /** The last block indexed per vault (lower-cased address). */
  indexedTo: Record<string, number>;
  /** Every vault is within its confirmations of the head. */
  caughtUp: boolean;
};

type Cursor = typeof indexerCursors.$inferSelect;

class ReorgDuringRead extends Error {}

async function loadCursor(db: Database, chainId: number, vault: string): Promise<Cursor | undefined> {
  const [cursor] = await db
    .select()
    .from(indexerCursors)
    .where(and(eq(indexerCursors.chainId, chainId), eq(indexerCursors.vaultAddress, vault)));
  return cursor;
}

/** Forgets everything of a vault above `block` and moves its cursor there. */
async function rewindVault(db: Database, chainId: number, vault: string, block: number, blockHash: string | null) {
  await db.transaction(async (tx) => {
    await tx
      .delete(vaultEvents)
      .where(and(eq(vaultEvents.chainId, chainId), eq(vaultEvents.vaultAddress, vault), gt(vaultEvents.blockNumber, block)));
    await tx
      .delete(sharePrices)
      .where(and(eq(sharePrices.chainId, chainId), eq(sharePrices.vaultAddress, vault), gt(sharePrices.blockNumber, block)));
    await tx
      .update(indexerCursors)
      .set({ lastBlock: block, lastBlockHash: blockHash, updatedAt: new Date() })
      .where(and(eq(indexerCursors.chainId, chainId), eq(indexerCursors.vaultAddress, vault)));
  });
}

async function ensureCursor(options: IndexVaultsOptions, vault: Address, head: number): Promise<Cursor> {
  const key = vault.toLowerCase();
  const existing = await loadCursor(options.db, options.chainId, key);
  if (existing) return existing;
  const shareDecimals = await options.chain.getShareDecimals(vault);
  const startBlock = options.fromBlock ?? (await options.chain.findDeploymentBlock(vault, head));
  options.logger.info({ vault: key, startBlock }, 'history indexer: first run for vault');
  await options.db
    .insert(indexerCursors)
    .values({
      chainId: options.chainId,
      vaultAddress: key,
      startBlock,
      lastBlock: startBlock - 1,
      lastBlockHash: null,
      shareDecimals,
    })
    .onConflictDoNothing();
  const created = await loadCursor(options.db, options.chainId, key);
  if (!created) throw new Error(`indexer cursor for ${key} was not stored`);
  return created;
}

/**
 * Picks the blocks of (from, to] for hourly snapshots after `lastTime`, estimating
 * heights from the two ends' timestamps (exact on a chain with a fixed block time);
 * the caller reads each chosen block's real time.
 */
function estimateHourlyBlock(target: number, from: ChainBlock, to: ChainBlock): number {
  const span = to.time.getTime() - from.time.getTime();
  if (span <= 0) return to.number;
  const offset = Math.ceil(((target - from.time.getTime()) / span) * (to.number - from.number));
  return Math.min(to.number, Math.max(from.number + 1, from.number + offset));
}

type SnapshotRow = typeof sharePrices.$inferInsert;

/** Reads one vault's share price at a block; a node that cannot answer for an old block is logged and skipped. */
async function readSnapshot(
  options: IndexVaultsOptions,
  vault: Address,
  cursor: Cursor,
  block: ChainBlock,
): Promise<SnapshotRow | null> {
  try {
    const reading = await options.chain.readSharePrice(vault, cursor.shareDecimals, block.number);
    return {
      chainId: options.chainId,
      vaultAddress: cursor.vaultAddress,
      blockNumber: block.number,
      blockTime: block.time,
      sharePrice: reading.sharePrice.toString(),
      totalAssets: reading.totalAssets.toString(),
    };
  } catch (error) {
    if (isTransportError(error)) throw error;
    // e.g. a pruned node without the state of an old block: the events still count.
    if (!options.unreadablePriceVaults?.has(cursor.vaultAddress)) {
      options.unreadablePriceVaults?.add(cursor.vaultAddress);
      options.logger.warn(
        { vault: cursor.vaultAddress, block: block.number, ...loggableChainFailure(error) },
        'share price not readable at an old block (an archive node is needed for past snapshots); skipping such blocks',
      );
    }
    return null;
  }
}

function toEventRow(chainId: number, vault: string, event: ChainVaultEvent, time: Date): typeof vaultEvents.$inferInsert {
  return {
    chainId,
    vaultAddress: vault,
    kind: event.kind,
    blockNumber: event.blockNumber,
    blockHash: event.blockHash,
    blockTime: time,
    txHash: event.txHash.toLowerCase(),
    logIndex: event.logIndex,
    sender: event.sender,
    owner: event.owner,
    receiver: event.receiver,
    assets: event.assets === null ? null : event.assets.toString(),
    shares: event.shares.toString(),
  };
}

async function requireBlock(chain: HistoryChain, number: number): Promise<ChainBlock> {
  const block = await chain.getBlock(number);
  if (!block) throw new ReorgDuringRead(`block ${number} disappeared while indexing`);
  return block;
}

/** Reads (cursor, to] for one vault and stores events, snapshots and the new cursor in one transaction. */
async function indexRange(options: IndexVaultsOptions, vault: Address, cursor: Cursor, to: number, lastSnapshotTime: number) {
  const from = cursor.lastBlock + 1;
  const events = await options.chain.getLogs(vault, from, to);
  const blocks = new Map<number, ChainBlock>();
  for (const number of new Set(events.map((event) => event.blockNumber))) {
    const block = await requireBlock(options.chain, number);
    blocks.set(number, block);
  }
  for (const event of events) {
    if (blocks.get(event.blockNumber)?.hash !== event.blockHash) throw new ReorgDuringRead('block changed under its logs');
  }
  const end = blocks.get(to) ?? (await requireBlock(options.chain, to));
  const start = from - 1 >= cursor.startBlock ? await options.chain.getBlock(from - 1) : null;

  const snapshots = new Map<number, SnapshotRow>();
  for (const block of blocks.values()) {
    const row = await readSnapshot(options, vault, cursor, block);
    if (row) snapshots.set(block.number, row);
  }
  // Hourly: fill every hour of (from, to] that has no snapshot yet.
  let nextTime = lastSnapshotTime + SHARE_PRICE_SNAPSHOT_MS;
  let lastNumber = from - 1;
  for (let guard = 0; nextTime <= end.time.getTime() && guard < to - from + 1; guard += 1) {
    const number = start ? estimateHourlyBlock(nextTime, start, end) : to;
    const candidate = Math.max(number, lastNumber + 1);
    if (candidate > to) break;
    const block = candidate === to ? end : (blocks.get(candidate) ?? (await requireBlock(options.chain, candidate)));
    if (block.time.getTime() < nextTime) {
      lastNumber = candidate; // estimate fell short of the hour: try the next block
      continue;
    }
    const row = snapshots.get(block.number) ?? (await readSnapshot(options, vault, cursor, block));
    if (row) snapshots.set(block.number, row);
    lastNumber = block.number;
    nextTime = block.time.getTime() + SHARE_PRICE_SNAPSHOT_MS;
  }

  const vaultKey = cursor.vaultAddress;
  await options.db.transaction(async (tx) => {
    // The cursor must still be where this read started (one writer holds the lock; this is the belt to its braces).
    const [current] = await tx
      .select({ lastBlock: indexerCursors.lastBlock })
      .from(indexerCursors)
      .where(and(eq(indexerCursors.chainId, options.chainId), eq(indexerCursors.vaultAddress, vaultKey)))
      .for('update');
    if (current?.lastBlock !== cursor.lastBlock) throw new ReorgDuringRead('cursor moved during the read');
    const eventRows = events.map((event) =>
      toEventRow(options.chainId, vaultKey, event, blocks.get(event.blockNumber)?.time ?? end.time),
    );
    if (eventRows.length > 0) await tx.insert(vaultEvents).values(eventRows).onConflictDoNothing();
    if (snapshots.size > 0)
      await tx
        .insert(sharePrices)
        .values([...snapshots.values()])
        .onConflictDoNothing();
    if (options.notify) {
      await notifyVaultEvents(tx, options.notify, eventRows);
      await notifySharePriceDrop(tx, options.notify, { chainId: options.chainId, address: vaultKey }, [...snapshots.values()]);
    }
    await tx
      .update(indexerCursors)
      .set({ lastBlock: to, lastBlockHash: end.hash, updatedAt: new Date() })
      .where(and(eq(indexerCursors.chainId, options.chainId), eq(indexerCursors.vaultAddress, vaultKey)));
  });
  const newest = Math.max(lastSnapshotTime, ...[...snapshots.values()].map((row) => row.blockTime.getTime()));
  return { cursor: { ...cursor, lastBlock: to, lastBlockHash: end.hash }, lastSnapshotTime: newest, eventCount: events.length };
}

async function latestSnapshotTime(db: Database, chainId: number, vault: string): Promise<number> {
  const [row] = await db
    .select({ time: sharePrices.blockTime })
    .from(sharePrices)
    .where(and(eq(sharePrices.chainId, chainId), eq(sharePrices.vaultAddress, vault)))
    .orderBy(desc(sharePrices.blockTime))
    .limit(1);
  return row ? row.time.getTime() : Number.NEGATIVE_INFINITY;
}

/**
 * One pass of the history indexer over every vault: catch up (bounded) to
 * CHAIN_CONFIRMATIONS behind the head. `rewind` re-reads the last
 * REORG_REWIND_BLOCKS first (the first pass after a start).
 */
export async function indexVaults(options: IndexVaultsOptions, rewind: boolean): Promise<IndexPassResult> {
  const head = await options.chain.getHeadNumber();
  const safe = head - options.confirmations;
  const indexedTo: Record<string, number> = {};
  let caughtUp = true;

  for (const vault of options.vaults) {
    let cursor = await ensureCursor(options, vault, head);
    const floor = cursor.startBlock - 1;

    let rewindTo: number | null = null;
    if (rewind) {
      rewindTo = Math.max(floor, cursor.lastBlock - REORG_REWIND_BLOCKS);
    } else if (cursor.lastBlockHash !== null && cursor.lastBlock >= cursor.startBlock) {
      const block = await options.chain.getBlock(cursor.lastBlock);
      if (block?.hash !== cursor.lastBlockHash) {
        options.logger.warn(
          { vault: cursor.vaultAddress, block: cursor.lastBlock },
          'history indexer: reorg detected, re-reading',
        );
        rewindTo = Math.max(floor, Math.min(cursor.lastBlock, safe) - REORG_REWIND_BLOCKS);
      }
    }
    if (rewindTo !== null && rewindTo < cursor.lastBlock) {
      const hash = rewindTo >= cursor.startBlock ? ((await options.chain.getBlock(rewindTo))?.hash ?? null) : null;
      await rewindVault(options.db, options.chainId, cursor.vaultAddress, rewindTo, hash);
      cursor = { ...cursor, lastBlock: rewindTo, lastBlockHash: hash };
    }

    let lastSnapshotTime = await latestSnapshotTime(options.db, options.chainId, cursor.vaultAddress);
    for (let ranges = 0; cursor.lastBlock < safe && ranges < RANGES_PER_PASS; ranges += 1) {
      const to = Math.min(cursor.lastBlock + options.blockRange, safe);
      try {
        ({ cursor, lastSnapshotTime } = await indexRange(options, vault, cursor, to, lastSnapshotTime));
      } catch (error) {
        if (!(error instanceof ReorgDuringRead)) throw error;
        options.logger.warn({ vault: cursor.vaultAddress, reason: error.message }, 'history indexer: chain moved, retrying');
        caughtUp = false;
        break;
      }
    }
    if (cursor.lastBlock < safe) caughtUp = false;
    indexedTo[cursor.vaultAddress] = cursor.lastBlock;
  }
  return { indexedTo, caughtUp };
}

/** Rows of vault_events for a vault (tests and diagnostics). */
export async function countVaultEvents(db: Database, chainId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(vaultEvents)
    .where(eq(vaultEvents.chainId, chainId));
  return row?.count ?? 0;
}
