import { recordTransferSchema } from '@keel/core/schemas';
import { Hono } from 'hono';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../lib/deps.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { listTransfers } from './list-transfers.js';
import { recordTransfer } from './record-transfer.js';

const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please try again later.';

/**
 * /api/transfers: deposits and withdrawals sent from the dialogs.
 * POST records a submitted hash as pending — only for a linked wallet and one
 * of the configured, verified vaults — so a closed tab loses nothing; the
 * server's receipt check (confirm-transfers.ts) decides the outcome.
 * GET lists the user's transfers with their status.
 */
export function transfersRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', requireUser, async (c) => c.json({ transfers: await listTransfers(deps.db, c.get('user').id) }))
    .post('/', requireUser, validate('json', recordTransferSchema), async (c) => {
      const user = c.get('user');
      const input = c.req.valid('json');
      const decision = await deps.limiter.hit(`transfers:${user.id}`, deps.config.limits.vaultData);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, {
          retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)),
        });
      }
      const linked = await listLinkedWallets(deps.db, user.id);
      if (!linked.some((address) => address === input.walletAddress)) {
        throw new AppError('NOT_FOUND', 'No linked wallet with this address.');
      }
      const vault = await deps.chain.vaults.find(input.vaultAddress);
      if (!vault) throw new AppError('NOT_FOUND', 'Unknown vault');
      if (!vault.available) throw new AppError('UNAVAILABLE', 'This vault is unavailable right now');
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
