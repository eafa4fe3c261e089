import type { Address } from '@keel/core/address';
import { MAX_ACCOUNT_PASSKEYS, type AccountPasskey, type registerAccountPasskeySchema } from '@keel/core/passkey-account';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_P256_VERIFIERS, WEBAUTHN_SIGNER_FACTORY_ABI } from '@keel/core/safe-account';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { parseAbi } from 'viem';
import type { z } from 'zod';
import type { ChainClient } from '../../chain/chain-client.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountPasskeys, passkeyAccounts } from '../../db/schema.js';
import { passkeyLabel } from './passkey-label.js';
import { toAccountPasskey } from './passkey-account-record.js';
import { verifyPasskeyRegistration, type VerificationRefusal } from './verify-passkey-registration.js';

export type AccountPasskeyRefusal = 'no-account' | 'too-many' | 'credential-taken' | VerificationRefusal;

export type AccountPasskeyResult =
  { ok: true; passkey: AccountPasskey } | { ok: false; reason: AccountPasskeyRefusal; detail?: string };

const signerFactoryAbi = parseAbi(WEBAUTHN_SIGNER_FACTORY_ABI);

/**
 * Records another passkey for the user's savings account, pending: the registration is verified
 * like the first one, and its signer (Safe's per-passkey signer contract, at the address the
 * signer factory gives its key) is read from the chain. The browser then asks the Safe to add that
 * signer as an owner; the passkey becomes active only once the server reads it among the owners.
 */
export async function registerAccountPasskey(
  deps: { db: Database; client: ChainClient; config: Pick<Config, 'appUrl'> },
  request: { userId: string; input: z.output<typeof registerAccountPasskeySchema>; userAgent: string | null; now: Date },
): Promise<AccountPasskeyResult> {
  const { db } = deps;
  const [account] = await db.select().from(passkeyAccounts).where(eq(passkeyAccounts.userId, request.userId)).limit(1);
  if (!account) return { ok: false, reason: 'no-account' };
  const [kept] = await db
    .select({ total: count() })
    .from(passkeyAccountPasskeys)
    .where(
      and(
        eq(passkeyAccountPasskeys.accountId, account.id),
        // Only the owners count: an addition abandoned before Base confirmed it never blocks the next one.
        isNotNull(passkeyAccountPasskeys.addedAt),
        isNull(passkeyAccountPasskeys.removedAt),
      ),
    );
  if ((kept?.total ?? 0) >= MAX_ACCOUNT_PASSKEYS) return { ok: false, reason: 'too-many' };

  const verified = await verifyPasskeyRegistration(deps, {
    userId: request.userId,
    credential: request.input.credential,
    now: request.now,
  });
  if (!verified.ok) return verified;
  const { credentialId, x, y } = verified.passkey;

  const signer = await deps.client.readContract({
    address: SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory,
    abi: signerFactoryAbi,
    functionName: 'getSigner',
    args: [BigInt(x), BigInt(y), SAFE_P256_VERIFIERS],
  });
  const [row] = await db
    .insert(passkeyAccountPasskeys)
    .values({
      accountId: account.id,
      credentialId,
      publicKeyX: x,
      publicKeyY: y,
      signer: signer.toLowerCase() as Address,
      label: passkeyLabel(request.userAgent),
      createdAt: request.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { ok: false, reason: 'credential-taken' };
  return { ok: true, passkey: toAccountPasskey(row) };
}
