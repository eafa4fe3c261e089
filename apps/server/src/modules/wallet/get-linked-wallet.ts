import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../db/client.js';
import { prebuiltStatement } from '../../db/prebuilt-statement.js';
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

type WalletRow = Pick<typeof userWallets.$inferSelect, 'email' | 'walletAddress' | 'userId' | 'chainId' | 'updatedAt'>;

/** A linked user_wallets row as the API answers it (the link's answer and GET /api/wallet). */
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
 * Every signed-in page asks for it (GET /api/wallet, with the session and the
 * config), so it is built once and sent straight to the driver
 * (db/prebuilt-statement.ts), as the linked-wallet list is. The times come as
 * whole milliseconds since the epoch, what a JavaScript Date holds (both drivers
 * parse a timestamp their own way; a float8 they read alike).
 */
const LINKED_WALLET = prebuiltStatement<{
  email: string;
  wallet_address: string;
  user_id: string;
  chain_id: number | null;
  updated_at_ms: number;
  linked_at_ms: number;
}>(sql`
  select ${userWallets.email} as email, ${userWallets.walletAddress} as wallet_address,
    ${userWallets.userId} as user_id, ${userWallets.chainId} as chain_id,
    floor(extract(epoch from ${userWallets.updatedAt}) * 1000)::float8 as updated_at_ms,
    floor(extract(epoch from ${userWallets.linkedAt}) * 1000)::float8 as linked_at_ms
  from ${userWallets}
  where ${userWallets.userId} = ${sql.placeholder('userId')} and ${userWallets.linkedAt} is not null
  limit 1`);

/**
 * The account's linked wallet (user_wallets is keyed by email: one per
 * account, decision 007), or null when there is none or it was saved without a signature.
 */
export async function getLinkedWallet(db: Database, userId: string): Promise<LinkedWallet | null> {
  const [row] = await LINKED_WALLET.run(db, { userId });
  if (!row) return null;
  return toLinkedWallet({
    email: row.email,
    walletAddress: row.wallet_address as Address,
    userId: row.user_id,
    chainId: row.chain_id,
    updatedAt: new Date(Number(row.updated_at_ms)),
    linkedAt: new Date(Number(row.linked_at_ms)),
  });
}
