import type { AppDeps } from './deps.js';
import { startTransferConfirmer } from './modules/transfers/confirm-transfers.js';
import { chainErrorKind } from './chain/chain-errors.js';
import { recordVaultAvailability } from './modules/notifications/record-vault-availability.js';

/**
 * Background chain work of a running server: verify the vaults now and every
 * VAULT_VERIFY_MS (start-up never waits for the RPC; a change of verdict mails
 * the vault's holders), and confirm pending
 * transfers from receipts every CHAIN_POLL_MS. Answers the stop function.
 */
export function startChainWorkers(deps: AppDeps): () => void {
  const notify = { config: deps.config, now: () => deps.now() };
  const verify = () => {
    deps.chain.vaults
      .verify()
      .then(async (statuses) => {
        // A vault that fails its checks (or passes them again) is news for its holders.
        if ((await recordVaultAvailability(deps.db, notify, statuses)) > 0) deps.mailOutbox.wake();
      })
      .catch((error: unknown) => {
        deps.logger.warn({ cause: chainErrorKind(error) }, 'vault verification failed');
      });
  };
  verify();
  const verifier = setInterval(verify, deps.config.vaultVerifyMs);
  verifier.unref();
  const stopConfirmer = startTransferConfirmer({
    db: deps.db,
    client: deps.chain.client,
    config: deps.config,
    logger: deps.logger,
    now: () => deps.now(),
    notify,
  });
  return () => {
    clearInterval(verifier);
    stopConfirmer();
  };
}
