import { sql } from 'drizzle-orm';
import type { Executor } from '../../mail/mail-outbox.js';

/**
 * The users whose linked wallets hold shares of a vault now, by its indexed share Transfer logs (mints and
 * burns included): what every vault alert is sent to.
 */
export async function listVaultHolders(executor: Executor, chainId: number, vault: string): Promise<string[]> {
  const result = await executor.execute<{ user_id: string }>(sql`
    select distinct w.user_id
    from user_wallets w
    join (
      select holder, sum(delta) as balance from (
        select lower(receiver) as holder, shares as delta from vault_events
          where chain_id = ${chainId} and vault_address = ${vault.toLowerCase()} and kind = 'transfer' and receiver is not null
        union all
        select lower(sender) as holder, -shares as delta from vault_events
          where chain_id = ${chainId} and vault_address = ${vault.toLowerCase()} and kind = 'transfer'
      ) moves group by holder
    ) balances on balances.holder = w.wallet_address
    where w.linked_at is not null and balances.balance > 0`);
  return result.rows.map((row) => row.user_id);
}
