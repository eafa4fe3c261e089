import type { transfers, TransferKind, TransferStatus } from '../../db/schema.js';

/** A transfers row as the API answers it: amounts are exact integer strings of token units. */
export type TransferRecord = {
  id: string;
  walletAddress: string;
  vaultAddress: string;
  kind: TransferKind;
  chainId: number;
  txHash: string;
  requestedAssets: string | null;
  requestedShares: string | null;
  status: TransferStatus;
  failureReason: string | null;
  assets: string | null;
  shares: string | null;
  blockNumber: number | null;
  logIndex: number | null;
  submittedAt: string;
  settledAt: string | null;
};

export function toTransferRecord(row: typeof transfers.$inferSelect): TransferRecord {
  return {
    id: row.id,
    walletAddress: row.walletAddress,
    vaultAddress: row.vaultAddress,
    kind: row.kind,
    chainId: row.chainId,
    txHash: row.txHash,
    requestedAssets: row.requestedAssets,
    requestedShares: row.requestedShares,
    status: row.status,
    failureReason: row.failureReason,
    assets: row.assets,
    shares: row.shares,
    blockNumber: row.blockNumber,
    logIndex: row.logIndex,
    submittedAt: row.submittedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
