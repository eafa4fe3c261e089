import type { Address } from '@keel/core/address';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { securityAuditLog, transfers, user, userWallets } from '../../db/schema.js';
import { toTransferRecord, type TransferRecord } from '../transfers/transfer-record.js';

/** A passkey savings account as the export lists it: its address, nothing about the key. */
export type PasskeyAccountExport = { address: Address; chainId: number };

/** What "Download my data" holds: everything Keel stores about one account, and only that account. */
export type AccountDataExport = {
  exportedAt: string;
  profile: { id: string; name: string; email: string; emailVerified: boolean; createdAt: string; updatedAt: string };
  linkedWallets: { walletAddress: Address; chainId: number | null; linkedAt: string | null; updatedAt: string }[];
  /**
   * Passkey savings accounts belong here by address only. Keel keeps none yet,
   * so the list is always empty until it does.
   */
  passkeyAccounts: PasskeyAccountExport[];
  transfers: TransferRecord[];
  /** Keel sends no optional notifications yet, so there is nothing to choose. */
  notificationSettings: Record<string, never>;
  securityLog: {
    action: string;
    success: boolean;
    at: string;
    ipAddress: string | null;
    userAgent: string | null;
    details: Record<string, unknown>;
  }[];
};

/** The account's data, read for the signed-in user's id alone; null when the account no longer exists. */
export async function exportAccountData(db: Database, userId: string, now: Date): Promise<AccountDataExport | null> {
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  if (!profile) return null;
  const [wallets, transferRows, auditRows] = await Promise.all([
    db.select().from(userWallets).where(eq(userWallets.userId, userId)).orderBy(asc(userWallets.updatedAt)),
    db.select().from(transfers).where(eq(transfers.userId, userId)).orderBy(asc(transfers.submittedAt), asc(transfers.id)),
    db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, userId))
      .orderBy(asc(securityAuditLog.createdAt), asc(securityAuditLog.id)),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    },
    linkedWallets: wallets.map((wallet) => ({
      walletAddress: wallet.walletAddress,
      chainId: wallet.chainId,
      linkedAt: wallet.linkedAt?.toISOString() ?? null,
      updatedAt: wallet.updatedAt.toISOString(),
    })),
    passkeyAccounts: [],
    transfers: transferRows.map(toTransferRecord),
    notificationSettings: {},
    securityLog: auditRows.map((row) => ({
      action: row.action,
      success: row.success,
      at: row.createdAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      details: row.metadata,
    })),
  };
}
