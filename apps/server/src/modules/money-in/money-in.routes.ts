import { Hono } from 'hono';
import { getAddress } from 'viem';
import { walletAddressSchema } from '@keel/core/schemas';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import type { AppEnv } from '../../lib/app-env.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listSavingAddresses } from '../wallet/list-saving-addresses.js';
import { createOnrampSession, OnrampFailure } from './create-onramp-session.js';
import { onrampSessionDocs, savingAddressesDocs } from './money-in.docs.js';
import { createReadUsdcBalance } from './read-usdc-balances.js';

export const ONRAMP_MESSAGES = {
  notConfigured: 'Buying USDC with a card or bank is not set up on this server.',
  notYourAddress: 'Keel can only send bought USDC to an address you save from.',
  failed: 'Coinbase could not start a purchase right now. Please try again in a minute.',
  noClientAddress: 'Your connection’s address could not be read, so Coinbase cannot start a purchase.',
  rateLimited: (seconds: number) => `Too many purchases started. Please try again in ${seconds} seconds.`,
} as const;

const sessionBodySchema = z.object({ address: walletAddressSchema });

/**
 * /api/money-in: where a saver's money comes in. GET /addresses lists every address they save from with the USDC
 * it holds (ready to deposit); POST /onramp-session opens a Coinbase Onramp purchase for one of them. Bought USDC
 * only ever goes to an address the server lists for the user, never one the browser merely names.
 */
export function moneyInRoutes(deps: AppDeps) {
  const readUsdcBalance = createReadUsdcBalance({
    client: deps.chain.client,
    usdc: deps.config.usdcAddress,
    cacheMs: deps.config.vaultCacheMs,
    logger: deps.logger,
    now: () => deps.now(),
  });

  return new Hono<AppEnv>()
    .get('/addresses', savingAddressesDocs, requireUser, async (c) => {
      const saving = await listSavingAddresses(deps.db, c.get('user').id);
      const addresses = await Promise.all(
        saving.map(async (entry) => {
          const usdc = await readUsdcBalance(entry.address);
          // EIP-55 mixed case, as wallets and exchanges show it: the saver can check it character by character.
          return { ...entry, address: getAddress(entry.address), usdc: usdc === null ? null : usdc.toString() };
        }),
      );
      return c.json({ chainId: deps.config.chainId, addresses });
    })
    .post('/onramp-session', onrampSessionDocs, requireUser, validate('json', sessionBodySchema), async (c) => {
      const onramp = deps.config.onramp;
      if (!onramp) throw new AppError('UNAVAILABLE', ONRAMP_MESSAGES.notConfigured);
      const { address } = c.req.valid('json');
      const saving = await listSavingAddresses(deps.db, c.get('user').id);
      if (!saving.some((entry) => entry.address === address)) throw new AppError('FORBIDDEN', ONRAMP_MESSAGES.notYourAddress);
      const clientIp = c.get('clientIp');
      if (!clientIp) throw new AppError('BAD_REQUEST', ONRAMP_MESSAGES.noClientAddress);
      // Each session token is a call on Keel's Coinbase API key: a script cannot spend its quota for everyone.
      await enforceRateLimit(deps, {
        key: `onramp:${c.get('user').id}`,
        limit: deps.config.limits.onramp,
        message: ONRAMP_MESSAGES.rateLimited,
      });
      try {
        return c.json(await createOnrampSession({ onramp, address, clientIp, nowSeconds: Math.floor(deps.now() / 1000) }));
      } catch (error) {
        if (!(error instanceof OnrampFailure)) throw error;
        c.get('logger').warn({ reason: error.message }, 'onramp session refused');
        throw new AppError('UPSTREAM_FAILED', ONRAMP_MESSAGES.failed);
      }
    });
}
