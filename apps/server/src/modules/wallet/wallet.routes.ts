import { linkMessageRequestSchema, linkWalletSchema } from '@keel/core/schemas';
import { Hono } from 'hono';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { enforceRateLimit } from '../../lib/enforce-rate-limit.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { getLinkedWallet } from './get-linked-wallet.js';
import { issueLinkMessage } from './issue-link-message.js';
import { LINK_REFUSAL_MESSAGES, linkWallet } from './link-wallet.js';
import { getWalletDocs, linkMessageDocs, linkWalletDocs } from './wallet.docs.js';

export const WALLET_LINK = 'WALLET_LINK';
const LINK_LIMIT_MESSAGE = 'Too many wallet link attempts. Please wait a few minutes and try again.';

function requireSessionId(sessionId: string | null): string {
  // requireUser ran first, so a user without a session id cannot happen; refuse rather than guess.
  if (!sessionId) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return sessionId;
}

/**
 * /api/wallet: the signed-in account's linked wallet.
 * GET answers it (only a signature-proven link counts); POST /link-message
 * issues an EIP-4361 message to sign; PUT verifies the signed message and links.
 */
export function walletRoutes(deps: AppDeps) {
  type Who = { userId: string; ipAddress: string | null; userAgent: string | null };
  const audit = (who: Who, success: boolean, metadata: Record<string, unknown>) =>
    deps.audit.record({ ...who, action: WALLET_LINK, success, metadata });

  return new Hono<AppEnv>()
    .get('/', getWalletDocs, requireUser, async (c) => {
      return c.json({ wallet: await getLinkedWallet(deps.db, c.get('user').id) });
    })
    .post('/link-message', linkMessageDocs, requireUser, validate('json', linkMessageRequestSchema), async (c) => {
      const user = c.get('user');
      const sessionId = requireSessionId(c.get('sessionId'));
      const who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
      const { walletAddress } = c.req.valid('json');
      await enforceRateLimit(deps, {
        key: `wallet-link:${user.id}`,
        limit: deps.config.limits.walletLink,
        message: LINK_LIMIT_MESSAGE,
        auditDenial: {
          ...who,
          action: WALLET_LINK,
          success: false,
          metadata: { step: 'message', walletAddress, error: LINK_LIMIT_MESSAGE },
        },
        onLimiterError: (error) => c.get('logger').error({ err: error }, 'wallet link rate-limit check failed'),
      });
      const issued = await issueLinkMessage(deps.db, deps.config, {
        userId: user.id,
        sessionId,
        walletAddress,
        now: new Date(deps.now()),
      });
      return c.json(issued);
    })
    .put('/', linkWalletDocs, requireUser, validate('json', linkWalletSchema), async (c) => {
      const user = c.get('user');
      const sessionId = requireSessionId(c.get('sessionId'));
      const who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
      const { message, signature } = c.req.valid('json');
      const result = await linkWallet(
        { db: deps.db, client: deps.chain.client, config: deps.config },
        { user, sessionId, message, signature, now: new Date(deps.now()) },
      );
      if (!result.ok) {
        await audit(who, false, { walletAddress: result.walletAddress, nonce: result.nonce, reason: result.reason });
        throw new AppError('BAD_REQUEST', LINK_REFUSAL_MESSAGES[result.reason], { reason: result.reason });
      }
      await audit(who, true, { walletAddress: result.wallet.walletAddress, nonce: result.nonce, chainId: result.wallet.chainId });
      return c.json({ wallet: result.wallet });
    });
}
