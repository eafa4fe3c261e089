import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { transferCursors, usdcTransfers } from '../../db/schema.js';

/** USDC that arrived in, or left, one of the user's saving addresses; value in USDC units. */
export type WalletTransfer = {
  id: string;
  time: number;
  direction: 'received' | 'sent';
  /** The user's own address the money arrived at or left. */
  address: string;
  /** The other side: who sent it, or where it went. */
  counterparty: string;
  value: bigint;
  txHash: string;
};

/**
 * What one saving address held in USDC, as far as the indexer knows: its balanceOf read at the indexed block and
 * every transfer before it, so what it held at any time since `knownFrom` is `balance` less the changes after then.
 */
export type AddressUsdc = {
  address: string;
  /** balanceOf at the indexed block, USDC units. */
  balance: bigint;
  /** The time of that block. */
  asOf: number;
  /** The time of the first indexed block: the transfers before it are not indexed, so what was held then is not known. */
  knownFrom: number;
  /** Each indexed transfer into (+) or out of (−) the address up to the indexed block, oldest first. */
  changes: { time: number; amount: bigint }[];
};

export type WalletUsdc = {
  /** The activity's Received and Sent rows, oldest first. */
  transfers: WalletTransfer[];
  /** One entry per saving address; null when some address has no balance read yet, or there is no address. */
  held: AddressUsdc[] | null;
};

type Options = {
  db: Database;
  chainId: number;
  addresses: readonly string[];
  vaultAddresses: readonly string[];
};

type TransferRow = typeof usdcTransfers.$inferSelect;

/**
 * Received and Sent as the activity shows them. Transfers to or from a vault are left out (they are the Deposit and
 * Withdraw rows), and so are moves between the user's own addresses, which change nothing they hold.
 */
function activityTransfers(rows: readonly TransferRow[], own: ReadonlySet<string>, vaults: ReadonlySet<string>) {
  const transfers: WalletTransfer[] = [];
  for (const row of rows) {
    const isIn = own.has(row.toAddress);
    const isOut = own.has(row.fromAddress);
    if (isIn && isOut) continue;
    const counterparty = isIn ? row.fromAddress : row.toAddress;
    if (vaults.has(counterparty)) continue;
    transfers.push({
      id: `usdc:${row.txHash}:${row.logIndex}`,
      time: row.blockTime.getTime(),
      direction: isIn ? 'received' : 'sent',
      address: isIn ? row.toAddress : row.fromAddress,
      counterparty,
      value: BigInt(row.value),
      txHash: row.txHash,
    });
  }
  return transfers;
}

/** One address's balance read and its changes up to it; null when the indexer has no balance matching its cursor. */
function addressUsdc(
  address: string,
  cursor: typeof transferCursors.$inferSelect | undefined,
  rows: readonly TransferRow[],
): AddressUsdc | null {
  if (!cursor || cursor.usdcBalance === null || cursor.usdcBalanceTime === null || cursor.startBlockTime === null) return null;
  // A balance read at another block than the cursor's would not match the stored transfers.
  if (cursor.usdcBalanceBlock !== cursor.lastBlock) return null;
  const changes: AddressUsdc['changes'] = [];
  for (const row of rows) {
    // A row stored through another address's cursor may lie beyond this address's balance read.
    if (row.blockNumber > cursor.lastBlock) continue;
    const value = BigInt(row.value);
    const amount = (row.toAddress === address ? value : 0n) - (row.fromAddress === address ? value : 0n);
    if (amount !== 0n) changes.push({ time: row.blockTime.getTime(), amount });
  }
  return {
    address,
    balance: BigInt(cursor.usdcBalance),
    asOf: cursor.usdcBalanceTime.getTime(),
    knownFrom: cursor.startBlockTime.getTime(),
    changes,
  };
}

/**
 * The indexed USDC transfers of the user's addresses, oldest first: as activity rows, and with each address's
 * balance read by the indexer as what the addresses held over time.
 */
export async function loadWalletTransfers(options: Options): Promise<WalletUsdc> {
  if (options.addresses.length === 0) return { transfers: [], held: null };
  const own = new Set(options.addresses.map((address) => address.toLowerCase()));
  const vaults = new Set(options.vaultAddresses.map((address) => address.toLowerCase()));
  const [rows, cursors] = await Promise.all([
    options.db
      .select()
      .from(usdcTransfers)
      .where(
        and(
          eq(usdcTransfers.chainId, options.chainId),
          or(inArray(usdcTransfers.fromAddress, [...own]), inArray(usdcTransfers.toAddress, [...own])),
        ),
      )
      .orderBy(asc(usdcTransfers.blockNumber), asc(usdcTransfers.logIndex)),
    options.db
      .select()
      .from(transferCursors)
      .where(and(eq(transferCursors.chainId, options.chainId), inArray(transferCursors.address, [...own]))),
  ]);

  const transfers = activityTransfers(rows, own, vaults);
  const held: AddressUsdc[] = [];
  for (const address of own) {
    const entry = addressUsdc(
      address,
      cursors.find((cursor) => cursor.address === address),
      rows,
    );
    if (entry === null) return { transfers, held: null };
    held.push(entry);
  }
  return { transfers, held };
}
