import type { Address } from '@keel/core/address';
import { formatApyPercent, formatUsdcAmount, parseApyPercent, parseUsdc } from '@keel/core/money';
import { asc, desc, eq } from 'drizzle-orm';
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

/** Manual deposits, newest first; for one (parsed) wallet, or all of them when wallet is null (operator CLI). */
export async function listDeposits(db: Database, wallet: Address | null): Promise<DepositRecord[]> {
  const query = db.select().from(manualDeposits);
  const rows = await (wallet ? query.where(eq(manualDeposits.wallet, wallet)) : query).orderBy(
    desc(manualDeposits.depositDate),
    desc(manualDeposits.createdAt),
    asc(manualDeposits.id),
  );
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
