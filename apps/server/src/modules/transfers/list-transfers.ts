import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { transfers } from '../../db/schema.js';
import { toTransferRecord, type TransferRecord } from './transfer-record.js';

const LIST_LIMIT = 100;

/** The user's most recent transfers, newest first. */
export async function listTransfers(db: Database, userId: string): Promise<TransferRecord[]> {
  const rows = await db
    .select()
    .from(transfers)
    .where(eq(transfers.userId, userId))
    .orderBy(desc(transfers.submittedAt), desc(transfers.id))
    .limit(LIST_LIMIT);
  return rows.map(toTransferRecord);
}
