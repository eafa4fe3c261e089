import type { Address } from '@keel/core/address';
import { formatApyPercent, formatUsdcAmount, parseApyPercent, parseUsdc } from '@keel/core/money';
import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { prebuiltStatement } from '../../db/prebuilt-statement.js';
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

type DepositRow = typeof manualDeposits.$inferSelect;

/** Newest first, the one order both reads use. */
const NEWEST_FIRST = [desc(manualDeposits.depositDate), desc(manualDeposits.createdAt), asc(manualDeposits.id)];

/**
 * A signed-in saver's deposits (the dashboard asks on every visit): built once and
 * sent straight to the driver (db/prebuilt-statement.ts). The date and the numerics
 * are read as text, as Drizzle reads them (node-postgres would make a date a Date).
 */
const DEPOSITS_OF_WALLETS = prebuiltStatement<{
  id: string;
  wallet: Address;
  vault: string;
  deposit_amount: string;
  apy_percent: string;
  deposit_date: string;
}>(sql`
  select ${manualDeposits.id} as id, ${manualDeposits.wallet} as wallet, ${manualDeposits.vault} as vault,
    ${manualDeposits.depositAmount}::text as deposit_amount, ${manualDeposits.apyPercent}::text as apy_percent,
    ${manualDeposits.depositDate}::text as deposit_date
  from ${manualDeposits}
  where ${manualDeposits.wallet} = any(${sql.placeholder('wallets')}::text[])
  order by ${sql.join(NEWEST_FIRST, sql`, `)}`);

/** Manual deposits, newest first; of the given (parsed) wallets, or all of them when wallets is null (operator CLI). */
export async function listDeposits(db: Database, wallets: readonly Address[] | null): Promise<DepositRecord[]> {
  if (wallets === null) {
    const rows = await db
      .select()
      .from(manualDeposits)
      .orderBy(...NEWEST_FIRST);
    return rows.map(toDepositRecord);
  }
  if (wallets.length === 0) return [];
  const rows = await DEPOSITS_OF_WALLETS.run(db, { wallets: [...wallets] });
  return rows.map((row) =>
    toDepositRecord({
      id: row.id,
      wallet: row.wallet,
      vault: row.vault,
      depositAmount: row.deposit_amount,
      apyPercent: row.apy_percent,
      depositDate: row.deposit_date,
    }),
  );
}

/** A manual_deposits row as the API and the operator command show it (the database pads numerics). */
export function toDepositRecord(row: Omit<DepositRow, 'createdAt'>): DepositRecord {
  return {
    id: row.id,
    wallet: row.wallet,
    vault: row.vault,
    depositAmount: formatUsdcAmount(parseUsdc(row.depositAmount)),
    apyPercent: formatApyPercent(parseApyPercent(row.apyPercent)),
    depositDate: row.depositDate,
  };
}
