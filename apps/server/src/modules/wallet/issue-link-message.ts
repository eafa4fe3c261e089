import type { Address } from '@keel/core/address';
import { WALLET_LINK_TTL_MS } from '@keel/core/constants';
import { lt } from 'drizzle-orm';
import { getAddress } from 'viem';
import { createSiweMessage, generateSiweNonce } from 'viem/siwe';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { walletLinkNonces } from '../../db/schema.js';
import { LINK_STATEMENT, linkMessageScope } from './link-message.js';

export type IssuedLinkMessage = { message: string; nonce: string; expiresAt: string };

/**
 * A fresh EIP-4361 message for the signed-in session to sign with this wallet.
 * Its nonce is stored single-use, bound to the session and the address, and
 * expires with the message (10 minutes).
 */
export async function issueLinkMessage(
  db: Database,
  config: Pick<Config, 'appUrl' | 'chainId'>,
  request: { userId: string; sessionId: string; walletAddress: Address; now: Date },
): Promise<IssuedLinkMessage> {
  const { now } = request;
  const expiresAt = new Date(now.getTime() + WALLET_LINK_TTL_MS);
  const nonce = generateSiweNonce();
  // Housekeeping: forget nonces nobody used in time.
  await db.delete(walletLinkNonces).where(lt(walletLinkNonces.expiresAt, now));
  await db.insert(walletLinkNonces).values({
    nonce,
    userId: request.userId,
    sessionId: request.sessionId,
    walletAddress: request.walletAddress,
    issuedAt: now,
    expiresAt,
  });
  const scope = linkMessageScope(config);
  const message = createSiweMessage({
    domain: scope.domain,
    uri: scope.uri,
    scheme: scope.scheme,
    address: getAddress(request.walletAddress),
    chainId: scope.chainId,
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
    statement: LINK_STATEMENT,
    version: '1',
  });
  return { message, nonce, expiresAt: expiresAt.toISOString() };
}
