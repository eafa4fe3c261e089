import { walletAddressSchema } from '@keel/core/schemas';
import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { getSavedWallet } from '../wallet/get-saved-wallet.js';
import { listDeposits } from './list-deposits.js';

const depositsQuerySchema = z.object({ wallet: walletAddressSchema });

/** GET /api/deposits?wallet=: manual deposits of a wallet the signed-in user has saved (SPEC §7). */
export function depositsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', requireUser, validate('query', depositsQuerySchema), async (c) => {
    const { wallet } = c.req.valid('query');
    const saved = await getSavedWallet(deps.db, c.get('user'));
    if (saved?.walletAddress !== wallet) {
      throw new AppError('FORBIDDEN', VAULT_MESSAGES.walletNotLinked);
    }
    return c.json({ deposits: await listDeposits(deps.db, wallet) });
  });
}
