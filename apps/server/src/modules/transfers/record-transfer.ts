import type { Address } from '@keel/core/address';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { transfers, type TransferKind } from '../../db/schema.js';
import { toTransferRecord, type TransferRecord } from './transfer-record.js';

export type RecordTransferRequest = {
  userId: string;
  /** Lower-cased (core's parseAddress), as every address Keel stores. */
  walletAddress: Address;
  vaultAddress: Address;
  chainId: number;
  kind: TransferKind;
  txHash: string;
  requestedAssets: string | null;
  requestedShares: string | null;
  now: Date;
};

/**
 * Stores a submitted transaction as pending. The same user recording the same
 * hash again gets the existing row (a retry after a dropped response); a hash
 * already recorded by someone else is refused (null).
 */
export async function recordTransfer(db: Database, request: RecordTransferRequest): Promise<TransferRecord | null> {
  const [inserted] = await db
    .insert(transfers)
    .values({
      userId: request.userId,
      walletAddress: request.walletAddress,
      vaultAddress: request.vaultAddress,
      chainId: request.chainId,
      kind: request.kind,
      txHash: request.txHash.toLowerCase(),
      requestedAssets: request.requestedAssets,
      requestedShares: request.requestedShares,
      submittedAt: request.now,
      updatedAt: request.now,
    })
    .onConflictDoNothing({ target: [transfers.chainId, transfers.txHash] })
    .returning();
  if (inserted) return toTransferRecord(inserted);
  const [existing] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.chainId, request.chainId), eq(transfers.txHash, request.txHash.toLowerCase())))
    .limit(1);
  return existing?.userId === request.userId ? toTransferRecord(existing) : null;
}
