import { and, eq, ne, sql } from 'drizzle-orm';
import { isVerdictOnVault, type VaultStatus } from '../../chain/vault-registry.js';
import type { Database } from '../../db/client.js';
import { vaultAvailability } from '../../db/schema.js';
import { vaultAvailabilityEmail } from '../../mail/notification-emails.js';
import { configuredVault, enqueueNotifications, type NotificationContext } from './enqueue-notification.js';
import { listVaultHolders } from './list-vault-holders.js';

/**
 * Stores each vault's verdict after a verification round. A change (available → failing its checks, or
 * back) is written by one conditional update, so with several instances verifying, one of them wins it and
 * mails the vault's holders in that transaction. The first verdict ever seen is stored without a mail; an
 * RPC outage is Keel's problem, not the vault's, and changes nothing. Answers how many changes it stored.
 */
export async function recordVaultAvailability(
  db: Database,
  context: NotificationContext,
  statuses: readonly Pick<VaultStatus, 'address' | 'available' | 'reason'>[],
): Promise<number> {
  const chainId = context.config.chainId;
  let changes = 0;
  for (const status of statuses) {
    if (!isVerdictOnVault(status)) continue;
    const vault = status.address.toLowerCase();
    const at = new Date(context.now());
    await db.transaction(async (tx) => {
      await tx
        .insert(vaultAvailability)
        .values({ chainId, vaultAddress: vault, available: status.available, changedAt: at })
        .onConflictDoNothing();
      const [changed] = await tx
        .update(vaultAvailability)
        .set({ available: status.available, changes: sql`${vaultAvailability.changes} + 1`, changedAt: at })
        .where(
          and(
            eq(vaultAvailability.chainId, chainId),
            eq(vaultAvailability.vaultAddress, vault),
            ne(vaultAvailability.available, status.available),
          ),
        )
        .returning({ changes: vaultAvailability.changes });
      const configured = configuredVault(context.config, vault);
      if (!changed || !configured) return;
      changes += 1;
      const details = { vaultName: configured.name, available: status.available, vaultUrl: configured.url };
      await enqueueNotifications(tx, context, await listVaultHolders(tx, chainId, vault), {
        kind: 'vault_unavailable',
        eventKey: `${chainId}:${vault}:${changed.changes}`,
        build: (to, unsubscribe) => vaultAvailabilityEmail(to, details, unsubscribe),
      });
    });
  }
  return changes;
}
