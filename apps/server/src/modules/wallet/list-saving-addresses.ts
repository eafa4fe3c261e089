import { isNotNull } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../db/client.js';
import { userWallets } from '../../db/schema.js';
import { listLinkedWallets } from './list-linked-wallets.js';

/** What kind of address a saver saves from; a new kind (the passkey savings account) adds a value here. */
export type SavingAddressKind = 'linked-wallet';
export type SavingAddress = { kind: SavingAddressKind; address: Address };

/**
 * Every address one user saves from: where they receive USDC and deposit from. Today the linked wallets; another
 * kind of account joins the list here, and the Add money view, the onramp and the transfer history follow.
 */
export async function listSavingAddresses(db: Database, userId: string): Promise<SavingAddress[]> {
  const wallets = await listLinkedWallets(db, userId);
  return wallets.map((address) => ({ kind: 'linked-wallet', address }));
}

/** Every address any user saves from (lower-cased, unique): the USDC transfers the history indexer records. */
export async function listAllSavingAddresses(db: Database): Promise<Address[]> {
  const rows = await db
    .selectDistinct({ address: userWallets.walletAddress })
    .from(userWallets)
    .where(isNotNull(userWallets.linkedAt));
  return [...new Set(rows.map((row) => row.address.toLowerCase() as Address))].sort();
}
