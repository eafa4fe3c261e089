import type { Address } from 'viem';
import { loggableChainFailure } from '../../../chain/chain-errors.js';
import type { VaultRegistry } from '../../../chain/vault-registry.js';
import type { Config } from '../../../config.js';
import type { HeldLock } from '../../../db/advisory-lock.js';
import type { Database, DatabaseHandle } from '../../../db/client.js';
import type { Logger } from '../../../lib/logger.js';
import type { NotificationContext } from '../../notifications/enqueue-notification.js';
import type { HistoryChain } from './history-chain.js';
import { indexUsdcTransfers } from './index-usdc-transfers.js';
import { indexVaults, type IndexPassResult } from './index-vaults.js';

/** Advisory lock name of the history indexer (beside MIGRATION_LOCK): one indexer per deployment. */
export const INDEXER_LOCK = 'keel:history-indexer';
/** Longest wait between retries while the RPC (or the database) is failing. */
const MAX_BACKOFF_MS = 60_000;

export type TickResult =
  { status: 'standby' } | { status: 'indexed'; pass: IndexPassResult } | { status: 'failed'; error: unknown };

export type HistoryIndexer = {
  /** One step: take the lock if free, then one indexing pass. Tests drive this directly. */
  tick: () => Promise<TickResult>;
  /** Polls every pollMs (immediately again while catching up; backing off while failing) until stopped. */
  start: () => void;
  /** Releases the lock at once, then waits for the pass under way and stops the loop. */
  stop: () => Promise<void>;
};

export type HistoryIndexerOptions = {
  db: Database;
  tryLock: DatabaseHandle['tryLock'];
  chain: HistoryChain;
  config: Pick<Config, 'chainId' | 'chainConfirmations' | 'chainPollMs' | 'indexBlockRange' | 'indexFromBlock'>;
  logger: Logger;
  /** The vaults to index now: listVerifiedVaults(registry), asked at every pass so a vault verified later joins. */
  listVaults: () => Promise<readonly Address[]>;
  /** USDC transfers into and out of every saving address (listAllSavingAddresses), indexed in the same pass. */
  transfers?: { usdc: Address; listAddresses: () => Promise<readonly Address[]> };
  /** Notification mails for what is indexed, written in the same transactions (modules/notifications). */
  notify?: NotificationContext;
};

/** Only vaults the registry verified are indexed (an unverified one is never shown with figures). */
export function listVerifiedVaults(registry: VaultRegistry): () => Promise<Address[]> {
  return async () => (await registry.list()).filter((vault) => vault.available).map((vault) => vault.address);
}

export function createHistoryIndexer(options: HistoryIndexerOptions): HistoryIndexer {
  const { config, logger } = options;
  let lock: HeldLock | null = null;
  let rewindPending = true;
  let chainChecked = false;
  let failures = 0;
  const unreadablePriceVaults = new Set<string>();
  let stopped = true;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function acquire(): Promise<boolean> {
    if (lock) {
      if (await lock.isHeld()) return true;
      logger.warn('history indexer: lost its database lock; another instance may take over');
      lock = null;
    }
    lock = await options.tryLock(INDEXER_LOCK);
    if (!lock) return false;
    // A new leader re-reads the last blocks: the previous one may have died mid-reorg.
    rewindPending = true;
    logger.info('history indexer: this instance indexes the vaults');
    return true;
  }

  async function releaseLock(): Promise<void> {
    const held = lock;
    lock = null;
    await held?.release();
  }

  let inFlight: Promise<TickResult> | null = null;

  /** One pass at a time per instance: a second caller shares the pass under way. */
  function tick(): Promise<TickResult> {
    inFlight ??= runTick().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function runTick(): Promise<TickResult> {
    try {
      if (!(await acquire())) return { status: 'standby' };
      if (!chainChecked) {
        const chainId = await options.chain.getChainId();
        if (chainId !== config.chainId) {
          throw new Error(`BASE_RPC_URL answers chain id ${chainId}, expected CHAIN_ID ${config.chainId}`);
        }
        chainChecked = true;
      }
      const pass = await indexVaults(
        {
          db: options.db,
          chain: options.chain,
          chainId: config.chainId,
          vaults: await options.listVaults(),
          confirmations: config.chainConfirmations,
          blockRange: config.indexBlockRange,
          fromBlock: config.indexFromBlock,
          logger,
          unreadablePriceVaults,
          ...(options.notify ? { notify: options.notify } : {}),
        },
        rewindPending,
      );
      if (options.transfers) {
        const transfersCaughtUp = await indexUsdcTransfers(
          {
            db: options.db,
            chain: options.chain,
            chainId: config.chainId,
            usdc: options.transfers.usdc,
            addresses: await options.transfers.listAddresses(),
            confirmations: config.chainConfirmations,
            blockRange: config.indexBlockRange,
            fromBlock: config.indexFromBlock,
            logger,
            ...(options.notify ? { notify: options.notify } : {}),
          },
          rewindPending,
        );
        if (!transfersCaughtUp) pass.caughtUp = false;
      }
      rewindPending = false;
      if (failures > 0) logger.info({ failures }, 'history indexer: recovered');
      failures = 0;
      return { status: 'indexed', pass };
    } catch (error) {
      // Log the first failure of a streak only: a dead RPC must not flood the log.
      if (failures === 0) logger.error(loggableChainFailure(error), 'history indexer: paused, retrying with back-off');
      failures += 1;
      return { status: 'failed', error };
    }
  }

  function delayAfter(result: TickResult): number {
    if (result.status === 'failed') return Math.min(config.chainPollMs * 2 ** Math.min(failures - 1, 10), MAX_BACKOFF_MS);
    if (result.status === 'indexed' && !result.pass.caughtUp) return 0;
    return config.chainPollMs;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      // The indexer never keeps the process alive on its own.
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const result = await tick();
      if (stopped) break;
      await sleep(delayAfter(result));
    }
  }

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      wake?.();
      // The lock goes first, not after the pass under way (which may be waiting on a slow RPC): another
      // instance takes over at once. A pass that ends later cannot undo its work: each range is written
      // only while the cursor row, locked, is still where the range began (index-vaults.ts).
      await releaseLock();
      await running;
      running = null;
      // A pass that was taking the lock as it stopped.
      await releaseLock();
    },
  };
}
