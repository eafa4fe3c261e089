import type { Address } from '@keel/core/address';
import { formatApyPercent, formatUsdcAmount, parseApyPercent, parseUsdc } from '@keel/core/money';
import { asc, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { manualDeposits } from '../../db/schema.js';

export type DepositRecord = {
  id: string;
  wallet: Address;
  vault: string;
  /** USDC as an exact decimal string with 2 to 6 decimals ("1000.50"). */
  depositAmount: string;
  /** Percent as an exact decimal string ("5.5"). */
  apyPercent: string;
  depositDate: string;
};

/** Manual deposits, newest first; of the given (parsed) wallets, or all of them when wallets is null (operator CLI). */
export async function listDeposits(db: Database, wallets: readonly Address[] | null): Promise<DepositRecord[]> {
  if (wallets?.length === 0) return [];
  const query = db.select().from(manualDeposits);
  const filtered = wallets ? query.where(inArray(manualDeposits.wallet, [...wallets])) : query;
  const rows = await filtered.orderBy(desc(manualDeposits.depositDate), desc(manualDeposits.createdAt), asc(manualDeposits.id));
  return rows.map(toDepositRecord);
}

/** A manual_deposits row as the API and the operator command show it (the database pads numerics). */
export function toDepositRecord(row: typeof manualDeposits.$inferSelect): DepositRecord {
  return {
    id: row.id,
    wallet: row.wallet,
    vault: row.vault,
    depositAmount: formatUsdcAmount(parseUsdc(row.depositAmount)),
    apyPercent: formatApyPercent(parseApyPercent(row.apyPercent)),
    depositDate: row.depositDate,
  };
}
