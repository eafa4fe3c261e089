import type { Address } from '@keel/core/address';
import type { Database } from '../../db/client.js';
import { userWallets } from '../../db/schema.js';
import { toSavedWallet, type SavedWallet } from './get-saved-wallet.js';

/**
 * Upserts the signed-in user's wallet on conflict of email (SPEC §7). The same
 * address may be saved by several accounts: reading deposits still requires the
 * address to be saved by the reader.
 */
export async function saveWallet(
  db: Database,
  user: { id: string; email: string },
  input: { walletAddress: Address; chainId?: number | undefined },
  now: Date,
): Promise<SavedWallet> {
  const values = {
    walletAddress: input.walletAddress,
    userId: user.id,
    chainId: input.chainId ?? null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(userWallets)
    .values({ email: user.email, ...values })
    .onConflictDoUpdate({ target: userWallets.email, set: values })
    .returning();
  if (!row) throw new Error('user_wallets upsert returned no row');
  return toSavedWallet(row);
}
