import type { AddressUsdc, WalletTransfer } from './load-wallet-transfers.js';
import { VAULT_CONFIG_KEYS, VAULTS, type VaultId } from '@keel/core/vaults';
import { priceAt, valueOfShares, type PositionFlow, type PricePoint, type VaultHistory } from '@keel/core/yield-math';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Address } from 'viem';
import { loggableChainFailure } from '../../chain/chain-errors.js';
import { createTtlCache, type TtlCache } from '../../chain/ttl-cache.js';
import type { VaultStatus } from '../../chain/vault-registry.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { indexerCursors, sharePrices, transfers, vaultEvents } from '../../db/schema.js';
import type { Logger } from '../../lib/logger.js';
import type { HistoryChain } from './indexer/history-chain.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export type HistoryVault = { id: VaultId; name: string; address: Address; available: boolean };

/**
 * The vaults whose history Keel shows, in display order, each marked available
 * only when the vault registry verified it: an unverified vault is shown as
 * unavailable, never with figures.
 */
export function historyVaults(config: Pick<Config, 'vaults'>, statuses: readonly VaultStatus[]): HistoryVault[] {
  return VAULTS.map((vault) => {
    const address = config.vaults[VAULT_CONFIG_KEYS[vault.id]];
    const status = statuses.find((entry) => entry.id === vault.id);
    return { id: vault.id, name: vault.name, address, available: status?.available === true };
  });
}

/** One of the user's indexed movements, as the activity list and the CSV show it. */
export type ActivityEvent = {
  id: string;
  time: number;
  kind: PositionFlow['kind'];
  vault: HistoryVault;
  wallet: string;
  assets: bigint;
  shares: bigint;
  shareDecimals: number;
  txHash: string;
  blockNumber: number;
  /** The app sent it (a row of transfers for this user), or it came from elsewhere (another app, a contract). */
  isFromKeel: boolean;
};

export type LoadedVault = {
  vault: HistoryVault;
  history: VaultHistory;
  events: ActivityEvent[];
  /** The block everything of this vault is known up to. */
  indexedBlock: number;
  /** The current figures come from the last snapshot: the chain could not be read just now. */
  stale: boolean;
};

export type LoadedHistory = {
  vaults: LoadedVault[];
  /** Configured vaults that failed verification: named, never with figures. */
  unavailable: HistoryVault[];
  /** Some vault has not been indexed yet (first start, or catching up). */
  indexing: boolean;
  /** How many wallets the figures cover (0: none linked yet). */
  walletCount: number;
  /** USDC received into or sent from the user's own addresses (the activity's Received and Sent rows). */
  walletTransfers?: readonly WalletTransfer[];
  /** What each of the user's own addresses held in USDC over time; absent or null when it is not known. */
  walletUsdc?: readonly AddressUsdc[] | null;
};

type CurrentReading = VaultHistory['current'];

export type CurrentReader = TtlCache<CurrentReading>;

export function createCurrentReader(options: { cacheMs: number; now: () => number }): CurrentReader {
  return createTtlCache<CurrentReading>({ ttlMs: options.cacheMs, now: options.now, maxEntries: 5_000 });
}

export type LoadOptions = {
  db: Database;
  chain: HistoryChain;
  chainId: number;
  vaults: readonly HistoryVault[];
  userId: string;
  wallets: readonly string[];
  current: CurrentReader;
  logger: Logger;
};

/** The position of one wallet set in one vault, from its indexed rows (sorted by block and log index). */
function buildFlows(
  rows: (typeof vaultEvents.$inferSelect)[],
  wallets: ReadonlySet<string>,
  prices: readonly PricePoint[],
  shareDecimals: number,
  vault: HistoryVault,
  keelTransactions: ReadonlySet<string>,
): { flows: PositionFlow[]; events: ActivityEvent[] } {
  const flows: PositionFlow[] = [];
  const events: ActivityEvent[] = [];
  for (const row of rows) {
    const time = row.blockTime.getTime();
    const shares = BigInt(row.shares);
    let kind: PositionFlow['kind'] | null = null;
    let assets = 0n;
    let wallet = '';
    if (row.kind === 'deposit' && row.owner && wallets.has(row.owner)) {
      kind = 'deposit';
      assets = BigInt(row.assets ?? '0');
      wallet = row.owner;
    } else if (row.kind === 'withdraw' && row.owner && wallets.has(row.owner)) {
      kind = 'withdraw';
      assets = BigInt(row.assets ?? '0');
      wallet = row.owner;
    } else if (row.kind === 'transfer' && row.sender !== ZERO_ADDRESS && row.receiver && row.receiver !== ZERO_ADDRESS) {
      // Mints and burns are the Deposit and Withdraw above; a transfer between two of the user's wallets changes nothing.
      const isFromUser = wallets.has(row.sender);
      const isToUser = wallets.has(row.receiver);
      if (isFromUser !== isToUser) {
        kind = isToUser ? 'transfer-in' : 'transfer-out';
        wallet = isToUser ? row.receiver : row.sender;
        const price = priceAt(prices, time) ?? prices[0]?.price ?? 0n;
        assets = valueOfShares(shares, price, shareDecimals);
      }
    }
    if (kind === null) continue;
    flows.push({ time, kind, shares, assets });
    events.push({
      id: `${row.txHash}:${row.logIndex}`,
      time,
      kind,
      vault,
      wallet,
      assets,
      shares,
      shareDecimals,
      txHash: row.txHash,
      blockNumber: row.blockNumber,
      isFromKeel: keelTransactions.has(row.txHash),
    });
  }
  return { flows, events };
}

/** One vault's indexed rows for a user's wallets, before any read of the chain. */
export type IndexedVault = {
  vault: HistoryVault;
  shareDecimals: number;
  flows: PositionFlow[];
  prices: PricePoint[];
  events: ActivityEvent[];
  /** Shares held at the indexed block. */
  shares: bigint;
  indexedBlock: number;
};

export type IndexedLoadOptions = Pick<LoadOptions, 'db' | 'chainId' | 'vaults' | 'userId' | 'wallets'>;

type IndexedHistory = Omit<LoadedHistory, 'vaults' | 'walletTransfers' | 'walletUsdc'> & { vaults: IndexedVault[] };

/** A user's flows, events and share-price snapshots per vault, from the database alone. */
export async function loadIndexedVaults(options: IndexedLoadOptions): Promise<IndexedHistory> {
  const { db, chainId } = options;
  const available = options.vaults.filter((vault) => vault.available);
  const unavailable = options.vaults.filter((vault) => !vault.available);
  const addresses = available.map((vault) => vault.address.toLowerCase());
  if (addresses.length === 0) return { vaults: [], unavailable, indexing: false, walletCount: options.wallets.length };
  const wallets = new Set(options.wallets.map((wallet) => wallet.toLowerCase()));
  const cursors = await db
    .select()
    .from(indexerCursors)
    .where(and(eq(indexerCursors.chainId, chainId), inArray(indexerCursors.vaultAddress, addresses)));
  const walletList = [...wallets];
  const rows =
    walletList.length === 0
      ? []
      : await db
          .select()
          .from(vaultEvents)
          .where(
            and(
              eq(vaultEvents.chainId, chainId),
              inArray(vaultEvents.vaultAddress, addresses),
              or(
                inArray(vaultEvents.owner, walletList),
                inArray(vaultEvents.sender, walletList),
                inArray(vaultEvents.receiver, walletList),
              ),
            ),
          )
          .orderBy(asc(vaultEvents.blockNumber), asc(vaultEvents.logIndex));
  const priceRows = await db
    .select()
    .from(sharePrices)
    .where(and(eq(sharePrices.chainId, chainId), inArray(sharePrices.vaultAddress, addresses)))
    .orderBy(asc(sharePrices.blockNumber));

  // Transactions this user sent through Keel (issue "Real deposits and withdrawals"), matched by hash.
  const sent = await db
    .select({ txHash: transfers.txHash })
    .from(transfers)
    .where(and(eq(transfers.userId, options.userId), eq(transfers.chainId, chainId)));
  const keelTransactions = new Set(sent.map((row) => row.txHash.toLowerCase()));

  const indexed: IndexedVault[] = [];
  for (const vault of available) {
    const address = vault.address.toLowerCase();
    const cursor = cursors.find((entry) => entry.vaultAddress === address);
    if (!cursor || cursor.lastBlock < cursor.startBlock) continue;
    const prices = priceRows
      .filter((row) => row.vaultAddress === address && row.blockNumber <= cursor.lastBlock)
      .map((row) => ({ time: row.blockTime.getTime(), price: BigInt(row.sharePrice) }));
    const vaultRows = rows.filter((row) => row.vaultAddress === address && row.blockNumber <= cursor.lastBlock);
    const { flows, events } = buildFlows(vaultRows, wallets, prices, cursor.shareDecimals, vault, keelTransactions);
    const shares = flows.reduce(
      (sum, flow) => sum + (flow.kind === 'deposit' || flow.kind === 'transfer-in' ? flow.shares : -flow.shares),
      0n,
    );
    indexed.push({ vault, shareDecimals: cursor.shareDecimals, flows, prices, events, shares, indexedBlock: cursor.lastBlock });
  }
  return { vaults: indexed, unavailable, indexing: indexed.length < available.length, walletCount: wallets.size };
}

/** The position at the last indexed moment, valued at the last share-price snapshot (no chain read). */
export function lastSnapshotReading(indexed: IndexedVault): CurrentReading {
  const last = indexed.prices.at(-1);
  const time = Math.max(last?.time ?? 0, indexed.flows.at(-1)?.time ?? 0);
  const price = last?.price ?? 0n;
  return { time, price, value: valueOfShares(indexed.shares, price, indexed.shareDecimals) };
}

function loadedVault(indexed: IndexedVault, current: CurrentReading, stale: boolean): LoadedVault {
  const { vault, shareDecimals, flows, prices, events, indexedBlock } = indexed;
  return { vault, history: { shareDecimals, flows, prices, current }, events, indexedBlock, stale };
}

/** The history figures from the database alone: "now" is the last indexed moment at its snapshot price. */
export async function loadIndexedHistories(options: IndexedLoadOptions): Promise<LoadedHistory> {
  const { vaults, ...rest } = await loadIndexedVaults(options);
  return { ...rest, vaults: vaults.map((indexed) => loadedVault(indexed, lastSnapshotReading(indexed), false)) };
}

/**
 * Everything the history figures need for a user's wallets: per vault the
 * position's flows, the share-price snapshots, and the value now (as of the
 * indexed block, read from chain through a short cache; the last snapshot
 * when the chain cannot be reached).
 */
export async function loadVaultHistories(options: LoadOptions): Promise<LoadedHistory> {
  const { vaults, ...rest } = await loadIndexedVaults(options);
  const { chainId } = options;
  const loaded: LoadedVault[] = [];
  for (const indexed of vaults) {
    const { vault, shares, indexedBlock: lastBlock, shareDecimals } = indexed;
    const address = vault.address.toLowerCase();
    try {
      const current = await options.current.get(`${chainId}:${address}:${lastBlock}:${shares}`, async () => {
        const [block, reading, value] = await Promise.all([
          options.chain.getBlock(lastBlock),
          options.chain.readSharePrice(vault.address, shareDecimals, lastBlock),
          shares > 0n ? options.chain.convertToAssets(vault.address, shares, lastBlock) : Promise.resolve(0n),
        ]);
        if (!block) throw new Error(`block ${lastBlock} not found`);
        return { time: block.time.getTime(), price: reading.sharePrice, value };
      });
      loaded.push(loadedVault(indexed, current, false));
    } catch (error) {
      options.logger.warn(
        { vault: address, ...loggableChainFailure(error) },
        'history: current share price unreadable, using the last snapshot',
      );
      loaded.push(loadedVault(indexed, lastSnapshotReading(indexed), true));
    }
  }
  return { ...rest, vaults: loaded };
}
