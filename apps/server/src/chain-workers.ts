import type { AppDeps } from './deps.js';
import { startTransferConfirmer } from './modules/transfers/confirm-transfers.js';
import { chainErrorKind } from './chain/chain-errors.js';

/**
 * Background chain work of a running server: verify the vaults now and every
 * VAULT_VERIFY_MS (start-up never waits for the RPC), and confirm pending
 * transfers from receipts every CHAIN_POLL_MS. Answers the stop function.
 */
export function startChainWorkers(deps: AppDeps): () => void {
  const verify = () => {
    deps.chain.vaults.verify().catch((error: unknown) => {
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
  });
  return () => {
    clearInterval(verifier);
    stopConfirmer();
  };
}
