import type { Transaction } from '../../db/client.js';
import type { vaultEvents } from '../../db/schema.js';
import { depositConfirmedEmail, withdrawalCompletedEmail } from '../../mail/notification-emails.js';
import {
  configuredVault,
  enqueueNotifications,
  isNews,
  usersOfAddress,
  type NotificationContext,
} from './enqueue-notification.js';

type EventRow = typeof vaultEvents.$inferInsert;

/** The dedupe key of a chain event (a log), the same from the indexer and the transfer confirmer: one mail per event. */
export function chainEventKey(chainId: number, txHash: string, logIndex: number): string {
  return `${chainId}:${txHash.toLowerCase()}:${logIndex}`;
}

/**
 * Deposit confirmed / withdrawal completed for the owners of the wallets in freshly indexed vault events,
 * in the transaction that stores them. Share transfers tell nothing new; the owner (who got or burnt the
 * shares) is who hears of it.
 */
export async function notifyVaultEvents(tx: Transaction, context: NotificationContext, rows: readonly EventRow[]): Promise<void> {
  for (const row of rows) {
    if (row.kind === 'transfer' || !row.owner || row.assets === null || row.assets === undefined) continue;
    if (!isNews(context, row.blockTime)) continue;
    const vault = configuredVault(context.config, row.vaultAddress);
    if (!vault) continue;
    const users = await usersOfAddress(tx, row.owner, row.blockTime);
    const details = {
      amount: BigInt(row.assets),
      vaultName: vault.name,
      txHash: row.txHash,
      explorerUrl: context.config.explorerUrl,
    };
    const eventKey = chainEventKey(row.chainId, row.txHash, row.logIndex);
    await enqueueNotifications(
      tx,
      context,
      users,
      row.kind === 'deposit'
        ? { kind: 'deposit_confirmed', eventKey, build: (to, unsubscribe) => depositConfirmedEmail(to, details, unsubscribe) }
        : {
            kind: 'withdrawal_completed',
            eventKey,
            build: (to, unsubscribe) => withdrawalCompletedEmail(to, details, unsubscribe),
          },
    );
  }
}
