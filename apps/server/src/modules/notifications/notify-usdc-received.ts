import { shortenAddress } from '@keel/core/money';
import type { Transaction } from '../../db/client.js';
import type { usdcTransfers } from '../../db/schema.js';
import { usdcReceivedEmail } from '../../mail/notification-emails.js';
import {
  configuredVault,
  enqueueNotifications,
  isNews,
  usersOfAddress,
  type NotificationContext,
} from './enqueue-notification.js';
import { chainEventKey } from './notify-vault-events.js';

type TransferRow = typeof usdcTransfers.$inferInsert;

/**
 * "USDC received" for the owners of `address`, for each freshly indexed transfer into it, in the transaction
 * that stores the transfers. USDC coming back from a Keel vault is a withdrawal (its own mail), and USDC
 * moved between two of the saver's own wallets is not money received.
 */
export async function notifyUsdcReceived(
  tx: Transaction,
  context: NotificationContext,
  address: string,
  rows: readonly TransferRow[],
): Promise<void> {
  const wallet = address.toLowerCase();
  for (const row of rows) {
    if (row.toAddress.toLowerCase() !== wallet || BigInt(row.value) === 0n) continue;
    if (!isNews(context, row.blockTime) || configuredVault(context.config, row.fromAddress)) continue;
    const senders = new Set(await usersOfAddress(tx, row.fromAddress, null));
    const users = (await usersOfAddress(tx, wallet, row.blockTime)).filter((userId) => !senders.has(userId));
    const details = {
      amount: BigInt(row.value),
      from: row.fromAddress.toLowerCase(),
      wallet: shortenAddress(wallet),
      txHash: row.txHash,
      at: row.blockTime,
      explorerUrl: context.config.explorerUrl,
    };
    await enqueueNotifications(tx, context, users, {
      kind: 'usdc_received',
      eventKey: chainEventKey(row.chainId, row.txHash, row.logIndex),
      build: (to, unsubscribe) => usdcReceivedEmail(to, details, unsubscribe),
    });
  }
}
