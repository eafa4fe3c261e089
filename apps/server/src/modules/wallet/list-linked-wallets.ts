import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../db/client.js';
import { userWallets } from '../../db/schema.js';

/**
 * THE one place that decides which wallet addresses a user may read: those the
 * user proved with a signature (user_wallets.linked_at set). Rows saved on trust
 * before signatures were required are not links. Every read of balances,
 * deposits, positions or history goes through this; no address chosen by the
 * browser ever reaches a query without being in this list.
 */
export async function listLinkedWallets(db: Database, userId: string): Promise<Address[]> {
  const rows = await db
    .select({ walletAddress: userWallets.walletAddress })
    .from(userWallets)
    .where(and(eq(userWallets.userId, userId), isNotNull(userWallets.linkedAt)))
    .orderBy(asc(userWallets.walletAddress));
  return rows.map((row) => row.walletAddress.toLowerCase() as Address);
}

/** Whether this address (any case) is one of the user's linked wallets. */
export async function isLinkedWallet(db: Database, userId: string, address: string): Promise<boolean> {
  return (await listLinkedWallets(db, userId)).includes(address.toLowerCase() as Address);
}
