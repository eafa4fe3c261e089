import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { usdcTransfers } from '../../db/schema.js';

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
 * The indexed USDC transfers of the user's addresses, oldest first, as the activity shows them. Transfers to or
 * from a vault are left out (they are the Deposit and Withdraw rows), and so are moves between the user's own
 * addresses, which change nothing they hold.
 */
export async function loadWalletTransfers(options: {
  db: Database;
  chainId: number;
  addresses: readonly string[];
  vaultAddresses: readonly string[];
}): Promise<WalletTransfer[]> {
  if (options.addresses.length === 0) return [];
  const own = new Set(options.addresses.map((address) => address.toLowerCase()));
  const vaults = new Set(options.vaultAddresses.map((address) => address.toLowerCase()));
  const rows = await options.db
    .select()
    .from(usdcTransfers)
    .where(
      and(
        eq(usdcTransfers.chainId, options.chainId),
        or(inArray(usdcTransfers.fromAddress, [...own]), inArray(usdcTransfers.toAddress, [...own])),
      ),
    )
    .orderBy(asc(usdcTransfers.blockNumber), asc(usdcTransfers.logIndex));
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
