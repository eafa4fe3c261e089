import { and, eq, gte, lt, desc } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { sharePrices } from '../../db/schema.js';
import { sharePriceDropEmail } from '../../mail/notification-emails.js';
import { configuredVault, enqueueNotifications, isNews, type NotificationContext } from './enqueue-notification.js';
import { listVaultHolders } from './list-vault-holders.js';

const DAY_MS = 24 * 60 * 60_000;

/** ALERT_SHARE_PRICE_DROP_PCT in hundredths of a percent (1 → 100n), so the comparison stays in integers. */
function thresholdHundredths(percent: number): bigint {
  return BigInt(Math.round(percent * 100));
}

/**
 * After new share prices are stored (in that transaction): when the newest fell by more than
 * ALERT_SHARE_PRICE_DROP_PCT below the highest price of the day before it, the vault's holders are mailed,
 * at most once per vault per UTC day.
 */
export async function notifySharePriceDrop(
  tx: Transaction,
  context: NotificationContext,
  vault: { chainId: number; address: string },
  snapshots: readonly { blockTime: Date; sharePrice: string }[],
): Promise<void> {
  const newest = snapshots.reduce<(typeof snapshots)[number] | null>(
    (latest, row) => (latest && latest.blockTime >= row.blockTime ? latest : row),
    null,
  );
  if (!newest || !isNews(context, newest.blockTime)) return;
  const configured = configuredVault(context.config, vault.address);
  if (!configured) return;
  const [peak] = await tx
    .select({ sharePrice: sharePrices.sharePrice, blockTime: sharePrices.blockTime })
    .from(sharePrices)
    .where(
      and(
        eq(sharePrices.chainId, vault.chainId),
        eq(sharePrices.vaultAddress, vault.address.toLowerCase()),
        gte(sharePrices.blockTime, new Date(newest.blockTime.getTime() - DAY_MS)),
        lt(sharePrices.blockTime, newest.blockTime),
      ),
    )
    .orderBy(desc(sharePrices.sharePrice))
    .limit(1);
  if (!peak) return;
  const high = BigInt(peak.sharePrice);
  const now = BigInt(newest.sharePrice);
  if (high <= 0n || now >= high) return;
  const fall = high - now;
  // "More than" the threshold, compared exactly: fall / high > threshold / 10 000.
  if (fall * 10_000n <= thresholdHundredths(context.config.alertSharePriceDropPct) * high) return;
  const details = {
    vaultName: configured.name,
    dropHundredthsPercent: (fall * 10_000n) / high,
    since: peak.blockTime,
    vaultUrl: configured.url,
  };
  const holders = await listVaultHolders(tx, vault.chainId, vault.address);
  await enqueueNotifications(tx, context, holders, {
    kind: 'share_price_drop',
    eventKey: `${vault.chainId}:${vault.address.toLowerCase()}:${newest.blockTime.toISOString().slice(0, 10)}`,
    build: (to, unsubscribe) => sharePriceDropEmail(to, details, unsubscribe),
  });
}
