import type { Address } from '@keel/core/address';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userWallets } from '../../db/schema.js';

export type SavedWallet = {
  email: string;
  walletAddress: Address;
  userId: string;
  chainId: number | null;
  updatedAt: string;
};

export function toSavedWallet(row: typeof userWallets.$inferSelect): SavedWallet {
  return {
    email: row.email,
    walletAddress: row.walletAddress,
    userId: row.userId,
    chainId: row.chainId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The wallet saved for this account. The row is keyed by email (SPEC §7) and must
 * also belong to this user id, so a row left under a reused email never leaks.
 */
export async function getSavedWallet(db: Database, user: { id: string; email: string }): Promise<SavedWallet | null> {
  const [row] = await db
    .select()
    .from(userWallets)
    .where(and(eq(userWallets.email, user.email), eq(userWallets.userId, user.id)))
    .limit(1);
  return row ? toSavedWallet(row) : null;
}
