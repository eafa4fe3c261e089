import type { PasskeyAccount } from '@keel/core/passkey-account';
import { and, eq, isNull } from 'drizzle-orm';
import type { ChainClient } from '../../chain/chain-client.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountPasskeys, passkeyAccounts } from '../../db/schema.js';
import { toPasskeyAccount } from './passkey-account-record.js';

/**
 * The user's passkey savings account, or null. An account not yet known to be
 * deployed is looked up on chain (its first operation deploys it) and the
 * moment is stored; a failed chain read only leaves it "not yet deployed".
 */
export async function getPasskeyAccount(
  deps: { db: Database; client: ChainClient; now: () => number },
  userId: string,
): Promise<PasskeyAccount | null> {
  const [row] = await deps.db.select().from(passkeyAccounts).where(eq(passkeyAccounts.userId, userId)).limit(1);
  if (!row) return null;
  const passkeys = await deps.db.select().from(passkeyAccountPasskeys).where(eq(passkeyAccountPasskeys.accountId, row.id));
  if (row.deployedAt) return toPasskeyAccount(row, passkeys);
  const code = await deps.client.getCode({ address: row.address }).catch(() => undefined);
  if (!code || code === '0x') return toPasskeyAccount(row, passkeys);
  const [deployed] = await deps.db
    .update(passkeyAccounts)
    .set({ deployedAt: new Date(deps.now()) })
    .where(and(eq(passkeyAccounts.id, row.id), isNull(passkeyAccounts.deployedAt)))
    .returning();
  return toPasskeyAccount(deployed ?? { ...row, deployedAt: new Date(deps.now()) }, passkeys);
}
