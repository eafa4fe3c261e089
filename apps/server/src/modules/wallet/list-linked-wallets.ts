import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../db/client.js';
import { prebuiltStatement } from '../../db/prebuilt-statement.js';
import { userWallets } from '../../db/schema.js';

/**
 * Every signed-in read runs it, so it is built once and sent straight to the
 * driver (db/prebuilt-statement.ts): through Drizzle's select it cost ~270 µs of
 * the JavaScript thread per request on PostgreSQL (docs/performance-log.md, "the signed-in request, without Better
 * Auth in its way").
 */
const LINKED_WALLETS = prebuiltStatement<{ wallet_address: string }>(sql`
  select ${userWallets.walletAddress} as wallet_address from ${userWallets}
  where ${userWallets.userId} = ${sql.placeholder('userId')} and ${userWallets.linkedAt} is not null
  order by ${userWallets.walletAddress} asc`);

/**
 * THE one place that decides which wallet addresses a user may read: those the
 * user proved with a signature (user_wallets.linked_at set). Rows saved on trust
 * before signatures were required are not links. Every read of balances,
 * deposits, positions or history goes through this; no address chosen by the
 * browser ever reaches a query without being in this list.
 */
export async function listLinkedWallets(db: Database, userId: string): Promise<Address[]> {
  const rows = await LINKED_WALLETS.run(db, { userId });
  return rows.map((row) => row.wallet_address.toLowerCase() as Address);
}

/** Whether this address (any case) is one of the user's linked wallets. */
export async function isLinkedWallet(db: Database, userId: string, address: string): Promise<boolean> {
  return (await listLinkedWallets(db, userId)).includes(address.toLowerCase() as Address);
}
