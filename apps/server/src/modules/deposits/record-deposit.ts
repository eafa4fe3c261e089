import { formatApyPercent, formatUsdcAmount, parseApyPercent, parseUsdc } from '@keel/core/money';
import type { Database, Transaction } from '../../db/client.js';
import { manualDeposits } from '../../db/schema.js';
import type { DepositInput } from './deposit-input.js';
import type { DepositRecord } from './list-deposits.js';

/** Inserts one validated manual deposit (see depositInputSchema); inside a transaction when given one. */
export async function recordDeposit(db: Database | Transaction, input: DepositInput): Promise<DepositRecord> {
  const [row] = await db
    .insert(manualDeposits)
    .values({
      wallet: input.wallet.toLowerCase(),
      vault: input.vault,
      // Normalised through the exact parser so the column gets exactly what was validated.
      depositAmount: formatUsdcAmount(parseUsdc(input.amount)),
      apyPercent: formatApyPercent(parseApyPercent(input.apy)),
      depositDate: input.date,
    })
    .returning();
  if (!row) throw new Error('manual_deposits insert returned no row');
  return {
    id: row.id,
    wallet: row.wallet,
    vault: row.vault,
    depositAmount: formatUsdcAmount(parseUsdc(row.depositAmount)),
    apyPercent: formatApyPercent(parseApyPercent(row.apyPercent)),
    depositDate: row.depositDate,
  };
}
