import type { PasskeyAccount } from '@keel/core/passkey-account';
import { and, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import type { ChainClient } from '../../chain/chain-client.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountPasskeys, passkeyAccounts } from '../../db/schema.js';
import { getPasskeyAccount } from './get-passkey-account.js';
import { readSafeOwners } from './read-safe-owners.js';

/**
 * Brings the account's passkeys in line with the Safe's owners on chain, the only truth: a
 * passkey whose signer the Safe lists becomes active, one it no longer lists is marked removed.
 * The browser calls this after an owner change is confirmed, but what it says changes nothing.
 */
export async function syncAccountPasskeys(
  deps: { db: Database; client: ChainClient; now: () => number },
  userId: string,
): Promise<PasskeyAccount | null> {
  const [account] = await deps.db.select().from(passkeyAccounts).where(eq(passkeyAccounts.userId, userId)).limit(1);
  if (!account) return null;
  const owners = await readSafeOwners(deps.client, account);
  const now = new Date(deps.now());
  const mine = eq(passkeyAccountPasskeys.accountId, account.id);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(passkeyAccountPasskeys)
      .set({ addedAt: now, removedAt: null })
      .where(
        and(
          mine,
          inArray(passkeyAccountPasskeys.signer, owners),
          // Pending, or removed and then added back (the same key always has the same signer).
          or(isNull(passkeyAccountPasskeys.addedAt), isNotNull(passkeyAccountPasskeys.removedAt)),
        ),
      );
    await tx
      .update(passkeyAccountPasskeys)
      .set({ removedAt: now })
      .where(
        and(
          mine,
          notInArray(passkeyAccountPasskeys.signer, owners),
          isNotNull(passkeyAccountPasskeys.addedAt),
          isNull(passkeyAccountPasskeys.removedAt),
        ),
      );
  });
  return getPasskeyAccount(deps, userId);
}
