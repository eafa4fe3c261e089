import { formatApyPercent, formatUsdcAmount, parseApyPercent } from '@keel/core/money';
import type { Database, Transaction } from '../../db/client.js';
import { manualDeposits } from '../../db/schema.js';
import type { DepositInput } from './deposit-input.js';
import { toDepositRecord, type DepositRecord } from './list-deposits.js';

/** Inserts one validated manual deposit (see depositInputSchema); inside a transaction when given one. */
export async function recordDeposit(db: Database | Transaction, input: DepositInput): Promise<DepositRecord> {
  const [row] = await db
    .insert(manualDeposits)
    .values({
      wallet: input.wallet,
      vault: input.vault,
      depositAmount: formatUsdcAmount(input.amount),
      apyPercent: formatApyPercent(parseApyPercent(input.apy)),
      depositDate: input.date,
    })
    .returning();
  if (!row) throw new Error('manual_deposits insert returned no row');
  return toDepositRecord(row);
}
