import { walletAddressSchema } from '@keel/core/schemas';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listLinkedWallets } from '../wallet/list-linked-wallets.js';
import { listDeposits } from './list-deposits.js';
import { listDepositsDocs } from './deposits.docs.js';

const depositsQuerySchema = z.object({ wallet: walletAddressSchema.optional() });

/**
 * GET /api/deposits: manual deposits of the signed-in user's linked wallets
 * (recorded by the operator). ?wallet= narrows to one of them; an address that is not linked to
 * the user answers 404 and no rows, so no address chosen by the browser reaches the query.
 */
export function depositsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', listDepositsDocs, requireUser, validate('query', depositsQuerySchema), async (c) => {
    const { wallet } = c.req.valid('query');
    const linked = await listLinkedWallets(deps.db, c.get('user').id);
    if (wallet !== undefined && !linked.some((address) => address === wallet)) {
      throw new AppError('NOT_FOUND', VAULT_MESSAGES.walletNotLinked);
    }
    return c.json({ deposits: await listDeposits(deps.db, wallet === undefined ? linked : [wallet]) });
  });
}
