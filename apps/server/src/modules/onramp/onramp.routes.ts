import { Hono } from 'hono';
import { walletAddressSchema } from '@keel/core/schemas';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { listSavingAddresses } from '../wallet/list-saving-addresses.js';
import { createOnrampSession, OnrampFailure } from './create-onramp-session.js';
import { onrampSessionDocs } from './onramp.docs.js';

export const ONRAMP_MESSAGES = {
  notConfigured: 'Buying USDC with a card or bank is not set up on this server.',
  notYourAddress: 'Keel can only send bought USDC to an address you save from.',
  failed: 'Coinbase could not start a purchase right now. Please try again in a minute.',
  noClientAddress: 'Your connection’s address could not be read, so Coinbase cannot start a purchase.',
} as const;

const sessionBodySchema = z.object({ address: walletAddressSchema });

/**
 * POST /api/onramp/session: a Coinbase Onramp page for one of the saver's own addresses, Base and USDC preset.
 * The address must be one the user saves from: bought USDC never goes anywhere the browser merely names.
 */
export function onrampRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/session', onrampSessionDocs, requireUser, validate('json', sessionBodySchema), async (c) => {
    const onramp = deps.config.onramp;
    if (!onramp) throw new AppError('UNAVAILABLE', ONRAMP_MESSAGES.notConfigured);
    const { address } = c.req.valid('json');
    const saving = await listSavingAddresses(deps.db, c.get('user').id);
    if (!saving.some((entry) => entry.address === address)) throw new AppError('FORBIDDEN', ONRAMP_MESSAGES.notYourAddress);
    const clientIp = c.get('clientIp');
    if (!clientIp) throw new AppError('BAD_REQUEST', ONRAMP_MESSAGES.noClientAddress);
    try {
      return c.json(await createOnrampSession({ onramp, address, clientIp, nowSeconds: Math.floor(deps.now() / 1000) }));
    } catch (error) {
      if (!(error instanceof OnrampFailure)) throw error;
      c.get('logger').warn({ reason: error.message }, 'onramp session refused');
      throw new AppError('UPSTREAM_FAILED', ONRAMP_MESSAGES.failed);
    }
  });
}
