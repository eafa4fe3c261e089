import type { Transaction } from '../../db/client.js';
import type { transfers } from '../../db/schema.js';
import { depositConfirmedEmail, withdrawalCompletedEmail } from '../../mail/notification-emails.js';
import { configuredVault, enqueueNotification, type NotificationContext } from './enqueue-notification.js';
import { chainEventKey } from './notify-vault-events.js';

/**
 * Deposit confirmed / withdrawal completed for the saver who recorded a transfer, in the transaction that
 * marks it confirmed, with the vault event's exact amount. Its key is the vault event's, so the indexer
 * reading the same event later adds no second mail.
 */
export async function notifyConfirmedTransfer(
  tx: Transaction,
  context: NotificationContext,
  row: Pick<typeof transfers.$inferSelect, 'userId' | 'kind' | 'vaultAddress' | 'chainId' | 'txHash'>,
  event: { assets: bigint; logIndex: number },
): Promise<void> {
  const vault = configuredVault(context.config, row.vaultAddress);
  if (!vault) return;
  const details = { amount: event.assets, vaultName: vault.name, txHash: row.txHash, explorerUrl: context.config.explorerUrl };
  const eventKey = chainEventKey(row.chainId, row.txHash, event.logIndex);
  await enqueueNotification(
    tx,
    context,
    row.kind === 'deposit'
      ? {
          userId: row.userId,
          kind: 'deposit_confirmed',
          eventKey,
          build: (to, unsubscribe) => depositConfirmedEmail(to, details, unsubscribe),
        }
      : {
          userId: row.userId,
          kind: 'withdrawal_completed',
          eventKey,
          build: (to, unsubscribe) => withdrawalCompletedEmail(to, details, unsubscribe),
        },
  );
}
