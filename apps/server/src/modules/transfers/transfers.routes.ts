import { recordTransferSchema } from '@keel/core/schemas';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { Hono } from 'hono';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { listTransfers } from './list-transfers.js';
import { recordTransfer } from './record-transfer.js';
import { listTransfersDocs, recordTransferDocs } from './transfers.docs.js';

/**
 * /api/transfers: deposits and withdrawals sent from the dialogs.
 * POST records a submitted hash as pending — only for a linked wallet and one
 * of the configured, verified vaults — so a closed tab loses nothing; the
 * server's receipt check (confirm-transfers.ts) decides the outcome.
 * GET lists the user's transfers with their status.
 */
export function transfersRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', listTransfersDocs, requireUser, async (c) => c.json({ transfers: await listTransfers(deps.db, c.get('user').id) }))
    .post('/', recordTransferDocs, requireUser, validate('json', recordTransferSchema), async (c) => {
      const user = c.get('user');
      const input = c.req.valid('json');
      await enforceRateLimit(deps, {
        key: `transfers:${user.id}`,
        limit: deps.config.limits.vaultData,
        message: VAULT_MESSAGES.rateLimited,
        onLimiterError: (error) => c.get('logger').error({ err: error }, 'transfers rate-limit check failed'),
      });
      const linked = await listLinkedWallets(deps.db, user.id);
      if (!linked.some((address) => address === input.walletAddress)) {
        throw new AppError('NOT_FOUND', VAULT_MESSAGES.walletNotLinked);
      }
      const vault = await deps.chain.vaults.find(input.vaultAddress);
      if (!vault) throw new AppError('NOT_FOUND', VAULT_MESSAGES.unknownVault);
      if (!vault.available) throw new AppError('UNAVAILABLE', VAULT_MESSAGES.unavailable);
      const transfer = await recordTransfer(deps.db, {
        userId: user.id,
        walletAddress: input.walletAddress,
        vaultAddress: vault.address,
        chainId: deps.config.chainId,
        kind: input.kind,
        txHash: input.txHash,
        requestedAssets: input.requestedAssets ?? null,
        requestedShares: input.requestedShares ?? null,
        now: new Date(deps.now()),
      });
      if (!transfer) throw new AppError('CONFLICT', 'This transaction is already recorded for another account.');
      return c.json({ transfer }, 201);
    });
}
