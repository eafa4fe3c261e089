import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userWallets } from '../../db/schema.js';

/**
 * TEMPORARY (issue 12, until the wallet branch lands): the addresses whose history
 * this user may read. The `wallet` branch adds `listLinkedWallets(db, userId)`
 * (signature-proven wallets only); at that merge this function is deleted and
 * every caller uses theirs. Until then it is the wallet saved for the account,
 * under the same rule the deposits endpoint uses (email and user id must match).
 * Never an address the browser chose.
 */
export async function listHistoryWallets(db: Database, user: { id: string; email: string }): Promise<string[]> {
  const rows = await db
    .select({ walletAddress: userWallets.walletAddress })
    .from(userWallets)
    .where(and(eq(userWallets.email, user.email), eq(userWallets.userId, user.id)));
  return [...new Set(rows.map((row) => row.walletAddress.toLowerCase()))];
}
