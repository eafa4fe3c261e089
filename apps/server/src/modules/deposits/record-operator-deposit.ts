import { formatApyPercent, formatUsdcAmount, parseApyPercent } from '@keel/core/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { manualDeposits, securityAuditLog } from '../../db/schema.js';
import type { DepositInput } from './deposit-input.js';
import type { DepositRecord } from './list-deposits.js';
import { recordDeposit } from './record-deposit.js';

export const MANUAL_DEPOSIT_ACTION = 'MANUAL_DEPOSIT_RECORDED';
const AUDIT_USER_AGENT = 'keel deposits CLI';

export type OperatorDepositResult =
  | { status: 'recorded'; deposit: DepositRecord; duplicateOf: string[] }
  | { status: 'duplicate'; existing: { id: string; createdAt: Date }[] };

/**
 * An operator's manual deposit: refused when an identical row (wallet, vault,
 * amount, APY, date) already exists unless allowDuplicate, and written together
 * with its security_audit_log row (who, and the values) in one transaction, so
 * there is never a deposit without its audit row. A refused duplicate is
 * audited too, as a failure.
 */
export async function recordOperatorDeposit(
  db: Database,
  input: DepositInput,
  options: { operator: string; allowDuplicate: boolean },
): Promise<OperatorDepositResult> {
  const values = {
    wallet: input.wallet,
    vault: input.vault,
    depositAmount: formatUsdcAmount(input.amount),
    apyPercent: formatApyPercent(parseApyPercent(input.apy)),
    depositDate: input.date,
  };
  return db.transaction(async (tx) => {
    // Two operators adding the same deposit at once: the second waits and then sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`keel:manual-deposit:${values.wallet}`}))`);
    const existing = await tx
      .select({ id: manualDeposits.id, createdAt: manualDeposits.createdAt })
      .from(manualDeposits)
      .where(
        and(
          eq(manualDeposits.wallet, values.wallet),
          eq(manualDeposits.vault, values.vault),
          eq(manualDeposits.depositAmount, values.depositAmount),
          eq(manualDeposits.apyPercent, values.apyPercent),
          eq(manualDeposits.depositDate, values.depositDate),
        ),
      )
      .orderBy(asc(manualDeposits.createdAt));
    const audit = {
      userId: null,
      action: MANUAL_DEPOSIT_ACTION,
      ipAddress: null,
      userAgent: AUDIT_USER_AGENT,
    };
    if (existing.length > 0 && !options.allowDuplicate) {
      await tx.insert(securityAuditLog).values({
        ...audit,
        success: false,
        metadata: { operator: options.operator, ...values, reason: 'DUPLICATE', duplicateOf: existing.map((row) => row.id) },
      });
      return { status: 'duplicate', existing };
    }
    const deposit = await recordDeposit(tx, input);
    const duplicateOf = existing.map((row) => row.id);
    await tx.insert(securityAuditLog).values({
      ...audit,
      success: true,
      metadata: {
        operator: options.operator,
        depositId: deposit.id,
        ...values,
        ...(duplicateOf.length > 0 ? { allowDuplicate: true, duplicateOf } : {}),
      },
    });
    return { status: 'recorded', deposit, duplicateOf };
  });
}
