import { and, eq, isNotNull } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../db/client.js';
import { userWallets } from '../../db/schema.js';

export type LinkedWallet = {
  email: string;
  walletAddress: Address;
  userId: string;
  chainId: number | null;
  updatedAt: string;
  /** When the user signed the link message. */
  linkedAt: string;
};

type WalletRow = typeof userWallets.$inferSelect;

export function toLinkedWallet(row: WalletRow & { linkedAt: Date }): LinkedWallet {
  return {
    email: row.email,
    walletAddress: row.walletAddress.toLowerCase() as Address,
    userId: row.userId,
    chainId: row.chainId,
    updatedAt: row.updatedAt.toISOString(),
    linkedAt: row.linkedAt.toISOString(),
  };
}

/**
 * The account's linked wallet (user_wallets is keyed by email, SPEC §7: one per
 * account), or null when there is none or it was saved without a signature.
 */
export async function getLinkedWallet(db: Database, userId: string): Promise<LinkedWallet | null> {
  const [row] = await db
    .select()
    .from(userWallets)
    .where(and(eq(userWallets.userId, userId), isNotNull(userWallets.linkedAt)))
    .limit(1);
  return row?.linkedAt ? toLinkedWallet({ ...row, linkedAt: row.linkedAt }) : null;
}
