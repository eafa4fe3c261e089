import { saveWalletSchema } from '@keel/core/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { getSavedWallet } from './get-saved-wallet.js';
import { saveWallet } from './save-wallet.js';

/** GET/PUT /api/wallet: the signed-in user's saved wallet (user_wallets, one per email). */
export function walletRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', requireUser, async (c) => {
      return c.json({ wallet: await getSavedWallet(deps.db, c.get('user')) });
    })
    .put('/', requireUser, validate('json', saveWalletSchema), async (c) => {
      const user = c.get('user');
      const input = c.req.valid('json');
      const audit = (success: boolean, metadata: Record<string, unknown>) =>
        deps.audit.record({
          userId: user.id,
          action: 'WALLET_SAVED',
          success,
          metadata: { walletAddress: input.walletAddress, chainId: input.chainId ?? null, ...metadata },
          ipAddress: c.get('clientIp'),
          userAgent: c.req.header('user-agent') ?? null,
        });
      try {
        const wallet = await saveWallet(deps.db, user, input, new Date(deps.now()));
        await audit(true, {});
        return c.json({ wallet });
      } catch (error) {
        await audit(false, { error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    });
}
