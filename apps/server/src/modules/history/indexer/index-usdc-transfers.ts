import { and, eq, gt, or } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../../db/client.js';
import { transferCursors, usdcTransfers } from '../../../db/schema.js';
import type { Logger } from '../../../lib/logger.js';
import type { NotificationContext } from '../../notifications/enqueue-notification.js';
import { notifyUsdcReceived } from '../../notifications/notify-usdc-received.js';
import type { ChainBlock, HistoryChain } from './history-chain.js';
import { REORG_REWIND_BLOCKS } from './index-vaults.js';

/**
 * Where a newly seen address starts when INDEX_FROM_BLOCK is unset: a week of Base's two-second blocks back,
 * so what arrived just before the wallet was linked shows, without reading years of USDC history per saver.
 */
export const TRANSFER_LOOKBACK_BLOCKS = 302_400;
/** Ranges one address reads per pass, so a backfill still yields between passes. */
const RANGES_PER_PASS = 25;

export type IndexTransfersOptions = {
  db: Database;
  chain: HistoryChain;
  chainId: number;
  usdc: Address;
  /** Every address a user saves from (listAllSavingAddresses), asked at every pass so a new link joins. */
  addresses: readonly Address[];
  confirmations: number;
  blockRange: number;
  fromBlock: number | undefined;
  logger: Logger;
  /** Mails "USDC received" in the transaction that stores the transfers. */
  notify?: NotificationContext;
};

type Cursor = typeof transferCursors.$inferSelect;

class ChainMovedDuringRead extends Error {}

/** A cursor without a balance read at its block: what the address holds is not known until the next range. */
const NO_BALANCE = { usdcBalance: null, usdcBalanceBlock: null, usdcBalanceTime: null } as const;

function cursorWhere(chainId: number, address: string) {
  return and(eq(transferCursors.chainId, chainId), eq(transferCursors.address, address));
}

async function loadCursor(db: Database, chainId: number, address: string): Promise<Cursor | undefined> {
  const [cursor] = await db.select().from(transferCursors).where(cursorWhere(chainId, address));
  return cursor;
}

async function ensureCursor(options: IndexTransfersOptions, address: string, safe: number): Promise<Cursor> {
  const existing = await loadCursor(options.db, options.chainId, address);
  if (existing) return existing;
  const startBlock = Math.max(0, options.fromBlock ?? safe - TRANSFER_LOOKBACK_BLOCKS);
  await options.db
    .insert(transferCursors)
    .values({ chainId: options.chainId, address, startBlock, lastBlock: startBlock - 1, lastBlockHash: null })
    .onConflictDoNothing();
  const created = await loadCursor(options.db, options.chainId, address);
  if (!created) throw new Error(`transfer cursor for ${address} was not stored`);
  return created;
}

/**
 * Forgets this address's transfers above `block` and moves its cursor there; a transfer it shares with another
 * address is read again by this one. The balance read at the old cursor no longer matches the stored transfers,
 * so it goes too: the next range stores one again.
 */
async function rewindAddress(db: Database, chainId: number, address: string, block: number, blockHash: string | null) {
  await db.transaction(async (tx) => {
    await tx
      .delete(usdcTransfers)
      .where(
        and(
          eq(usdcTransfers.chainId, chainId),
          or(eq(usdcTransfers.fromAddress, address), eq(usdcTransfers.toAddress, address)),
          gt(usdcTransfers.blockNumber, block),
        ),
      );
    await tx
      .update(transferCursors)
      .set({ lastBlock: block, lastBlockHash: blockHash, ...NO_BALANCE, updatedAt: new Date() })
      .where(cursorWhere(chainId, address));
  });
}

async function requireBlock(chain: HistoryChain, number: number): Promise<ChainBlock> {
  const block = await chain.getBlock(number);
  if (!block) throw new ChainMovedDuringRead(`block ${number} disappeared while indexing`);
  return block;
}

/**
 * Reads (cursor, to] for one address and stores its transfers and the new cursor in one transaction; with
 * `withBalance`, the address's USDC balance at `to` too, so the balance always matches the transfers stored up to
 * it. Only the range that reaches the confirmed head reads it: a week's backfill would otherwise ask the node for
 * state dozens of thousands of blocks old, which a node that is not an archive no longer has.
 */
async function indexRange(options: IndexTransfersOptions, cursor: Cursor, to: number, withBalance: boolean): Promise<Cursor> {
  const from = cursor.lastBlock + 1;
  const transfers = await options.chain.getTokenTransfers(options.usdc, [cursor.address as Address], from, to);
  const blocks = new Map<number, ChainBlock>();
  for (const number of new Set(transfers.map((transfer) => transfer.blockNumber))) {
    blocks.set(number, await requireBlock(options.chain, number));
  }
  for (const transfer of transfers) {
    if (blocks.get(transfer.blockNumber)?.hash !== transfer.blockHash)
      throw new ChainMovedDuringRead('block changed under its logs');
  }
  const end = blocks.get(to) ?? (await requireBlock(options.chain, to));
  const balance = withBalance
    ? {
        usdcBalance: (await options.chain.readTokenBalance(options.usdc, cursor.address as Address, to)).toString(),
        usdcBalanceBlock: to,
        usdcBalanceTime: end.time,
      }
    : NO_BALANCE;
  const startBlockTime =
    cursor.startBlockTime ?? (blocks.get(cursor.startBlock) ?? (await requireBlock(options.chain, cursor.startBlock))).time;
  const moved = { lastBlock: to, lastBlockHash: end.hash, startBlockTime, ...balance };
  await options.db.transaction(async (tx) => {
    // One writer holds the indexer's lock; the cursor row, locked, must still be where this read began.
    const [current] = await tx
      .select({ lastBlock: transferCursors.lastBlock })
      .from(transferCursors)
      .where(cursorWhere(options.chainId, cursor.address))
      .for('update');
    if (current?.lastBlock !== cursor.lastBlock) throw new ChainMovedDuringRead('cursor moved during the read');
    const rows = transfers.map((transfer) => ({
      chainId: options.chainId,
      blockNumber: transfer.blockNumber,
      blockHash: transfer.blockHash,
      blockTime: blocks.get(transfer.blockNumber)?.time ?? end.time,
      txHash: transfer.txHash.toLowerCase(),
      logIndex: transfer.logIndex,
      fromAddress: transfer.from,
      toAddress: transfer.to,
      value: transfer.value.toString(),
    }));
    if (rows.length > 0) await tx.insert(usdcTransfers).values(rows).onConflictDoNothing();
    if (options.notify) await notifyUsdcReceived(tx, options.notify, cursor.address, rows);
    await tx
      .update(transferCursors)
      .set({ ...moved, updatedAt: new Date() })
      .where(cursorWhere(options.chainId, cursor.address));
  });
  return { ...cursor, ...moved };
}

/**
 * One pass over the USDC transfers of every saving address, as the vault history does: CHAIN_CONFIRMATIONS
 * behind the head, a cursor per address, a rewind of REORG_REWIND_BLOCKS after a start (`rewind`) or when the
 * last indexed block's hash changed. Answers whether every address is caught up.
 */
export async function indexUsdcTransfers(options: IndexTransfersOptions, rewind: boolean): Promise<boolean> {
  if (options.addresses.length === 0) return true;
  const head = await options.chain.getHeadNumber();
  const safe = head - options.confirmations;
  let caughtUp = true;
  for (const address of options.addresses) {
    let cursor = await ensureCursor(options, address.toLowerCase(), safe);
    const floor = cursor.startBlock - 1;
    let rewindTo: number | null = null;
    if (rewind) {
      rewindTo = Math.max(floor, cursor.lastBlock - REORG_REWIND_BLOCKS);
    } else if (cursor.lastBlockHash !== null && cursor.lastBlock >= cursor.startBlock) {
      const block = await options.chain.getBlock(cursor.lastBlock);
      if (block?.hash !== cursor.lastBlockHash) {
        options.logger.warn({ address: cursor.address, block: cursor.lastBlock }, 'transfer indexer: reorg detected, re-reading');
        rewindTo = Math.max(floor, Math.min(cursor.lastBlock, safe) - REORG_REWIND_BLOCKS);
      }
    }
    if (rewindTo !== null && rewindTo < cursor.lastBlock) {
      const hash = rewindTo >= cursor.startBlock ? ((await options.chain.getBlock(rewindTo))?.hash ?? null) : null;
      await rewindAddress(options.db, options.chainId, cursor.address, rewindTo, hash);
      cursor = { ...cursor, lastBlock: rewindTo, lastBlockHash: hash, ...NO_BALANCE };
    }
    for (let ranges = 0; cursor.lastBlock < safe && ranges < RANGES_PER_PASS; ranges += 1) {
      const to = Math.min(cursor.lastBlock + options.blockRange, safe);
      try {
        cursor = await indexRange(options, cursor, to, to === safe);
      } catch (error) {
        if (!(error instanceof ChainMovedDuringRead)) throw error;
        options.logger.warn({ address: cursor.address, reason: error.message }, 'transfer indexer: chain moved, retrying');
        caughtUp = false;
        break;
      }
    }
    if (cursor.lastBlock < safe) caughtUp = false;
  }
  return caughtUp;
}
