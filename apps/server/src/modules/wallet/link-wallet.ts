import { parseAddress } from '@keel/core/address';
import { and, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import type { ChainClient } from '../../chain/chain-client.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { userWallets, walletLinkNonces } from '../../db/schema.js';
import { toLinkedWallet, type LinkedWallet } from './get-linked-wallet.js';
import { linkMessageScope } from './link-message.js';

/** Why a link was refused: audited as is; the user sees the matching message. */
export type LinkRefusal =
  | 'malformed'
  | 'unknown-nonce'
  | 'other-session'
  | 'expired'
  | 'wrong-domain'
  | 'wrong-chain'
  | 'wrong-address'
  | 'bad-signature';

export const LINK_REFUSAL_MESSAGES: Record<LinkRefusal, string> = {
  malformed: 'The signed message is not a Keel wallet-link message.',
  'unknown-nonce': 'This link request was already used or is unknown. Please try linking again.',
  'other-session': 'This link request belongs to another session. Please try linking again.',
  expired: 'This link request has expired. Please try linking again.',
  'wrong-domain': 'The signed message is for another website, not Keel.',
  'wrong-chain': 'The signed message is for another network. Keel works on Base.',
  'wrong-address': 'The signed message is for another wallet than the one this link was requested for.',
  'bad-signature': 'The signature does not match this wallet.',
};

export type LinkResult =
  | { ok: true; wallet: LinkedWallet; nonce: string }
  | { ok: false; reason: LinkRefusal; walletAddress: string | null; nonce: string | null };

type LinkRequest = {
  user: { id: string; email: string };
  sessionId: string;
  message: string;
  signature: Hex;
  now: Date;
};

/**
 * Links a wallet to the account once an EIP-4361 message is proven: the nonce
 * was issued to this session for this address, is unused (it is consumed here,
 * whatever the outcome) and unexpired; domain, URI and chain are Keel's; and
 * the signature verifies (EOAs, and smart wallets through EIP-1271/6492).
 * Then user_wallets is upserted on the email (decision 007): a new link replaces the
 * account's previous one.
 */
export async function linkWallet(
  deps: { db: Database; client: ChainClient; config: Pick<Config, 'appUrl' | 'chainId'> },
  request: LinkRequest,
): Promise<LinkResult> {
  const { db } = deps;
  const refuse = (reason: LinkRefusal, walletAddress: string | null = null, nonce: string | null = null): LinkResult => ({
    ok: false,
    reason,
    walletAddress,
    nonce,
  });

  const fields = parseSiweMessage(request.message);
  const claimedAddress = fields.address ? parseAddress(fields.address) : null;
  if (!fields.nonce || !claimedAddress) return refuse('malformed');

  const [issued] = await db.select().from(walletLinkNonces).where(eq(walletLinkNonces.nonce, fields.nonce)).limit(1);
  if (!issued) return refuse('unknown-nonce', claimedAddress, fields.nonce);
  // Another session (even of the same user) cannot spend or burn this nonce.
  if (issued.sessionId !== request.sessionId || issued.userId !== request.user.id) {
    return refuse('other-session', claimedAddress, fields.nonce);
  }
  // Single use: whoever deletes the row first is the only one who may go on.
  const [consumed] = await db
    .delete(walletLinkNonces)
    .where(and(eq(walletLinkNonces.nonce, fields.nonce), eq(walletLinkNonces.sessionId, request.sessionId)))
    .returning();
  if (!consumed) return refuse('unknown-nonce', claimedAddress, fields.nonce);
  if (request.now >= consumed.expiresAt) return refuse('expired', claimedAddress, fields.nonce);

  const scope = linkMessageScope(deps.config);
  if (fields.domain !== scope.domain || fields.uri !== scope.uri || (fields.scheme && fields.scheme !== scope.scheme)) {
    return refuse('wrong-domain', claimedAddress, fields.nonce);
  }
  if (fields.chainId !== scope.chainId) return refuse('wrong-chain', claimedAddress, fields.nonce);
  if (claimedAddress !== consumed.walletAddress) return refuse('wrong-address', claimedAddress, fields.nonce);
  // The message must not outlive its nonce (at most 10 minutes from issue).
  if (!fields.expirationTime || fields.expirationTime.getTime() > consumed.expiresAt.getTime()) {
    return refuse('expired', claimedAddress, fields.nonce);
  }

  // A signature that cannot even be checked (garbled bytes) is as good as a wrong one.
  const isValid = await verifySiweMessage(deps.client, {
    message: request.message,
    signature: request.signature,
    domain: scope.domain,
    nonce: consumed.nonce,
    time: request.now,
  }).catch(() => false);
  if (!isValid) return refuse('bad-signature', claimedAddress, fields.nonce);

  const values = {
    walletAddress: claimedAddress,
    userId: request.user.id,
    chainId: scope.chainId,
    linkedAt: request.now,
    updatedAt: request.now,
  };
  const [row] = await db
    .insert(userWallets)
    .values({ email: request.user.email, ...values })
    .onConflictDoUpdate({ target: userWallets.email, set: values })
    .returning();
  if (!row?.linkedAt) throw new Error('user_wallets upsert returned no linked row');
  return { ok: true, wallet: toLinkedWallet({ ...row, linkedAt: row.linkedAt }), nonce: consumed.nonce };
}
