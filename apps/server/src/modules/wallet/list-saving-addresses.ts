import { eq, isNotNull } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Database } from '../../db/client.js';
import { passkeyAccounts, userWallets } from '../../db/schema.js';
import { listLinkedWallets } from './list-linked-wallets.js';

/** What kind of address a saver saves from: a wallet app they linked, or the savings account their passkey controls. */
export type SavingAddressKind = 'linked-wallet' | 'savings-account';
export type SavingAddress = { kind: SavingAddressKind; address: Address };

/**
 * Every address one user saves from: where they receive USDC and deposit from. A passkey savings account is
 * linked as a wallet when it is created, so the linked wallets are the list; the savings account is told apart.
 */
export async function listSavingAddresses(db: Database, userId: string): Promise<SavingAddress[]> {
  const [wallets, accounts] = await Promise.all([
    listLinkedWallets(db, userId),
    db.select({ address: passkeyAccounts.address }).from(passkeyAccounts).where(eq(passkeyAccounts.userId, userId)),
  ]);
  const savingsAccounts = new Set(accounts.map((account) => account.address.toLowerCase()));
  return wallets.map((address) => ({ kind: savingsAccounts.has(address) ? 'savings-account' : 'linked-wallet', address }));
}

/** Every address any user saves from (lower-cased, unique): the USDC transfers the history indexer records. */
export async function listAllSavingAddresses(db: Database): Promise<Address[]> {
  const rows = await db
    .selectDistinct({ address: userWallets.walletAddress })
    .from(userWallets)
    .where(isNotNull(userWallets.linkedAt));
  return [...new Set(rows.map((row) => row.address.toLowerCase() as Address))].sort();
}
