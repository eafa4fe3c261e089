import type { Address } from '@keel/core/address';
import type { PasskeyAccount, registerPasskeyAccountSchema } from '@keel/core/passkey-account';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_P256_VERIFIERS } from '@keel/core/safe-account';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChainClient } from '../../chain/chain-client.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountPasskeys, passkeyAccounts, userWallets } from '../../db/schema.js';
import { computeSafeAddress } from './compute-safe-address.js';
import { passkeyLabel } from './passkey-label.js';
import { toPasskeyAccount } from './passkey-account-record.js';
import { verifyPasskeyRegistration, type VerificationRefusal } from './verify-passkey-registration.js';

/** Why a registration was refused: audited as is; the user sees the matching message. */
export type RegistrationRefusal = 'already-exists' | 'credential-taken' | VerificationRefusal;

export type RegistrationResult =
  { ok: true; account: PasskeyAccount } | { ok: false; reason: RegistrationRefusal; detail?: string };

type RegistrationRequest = {
  user: { id: string; email: string };
  input: z.output<typeof registerPasskeyAccountSchema>;
  userAgent: string | null;
  now: Date;
};

/**
 * Creates the user's passkey savings account from a verified WebAuthn registration. The Safe's
 * address is computed from the passkey and the recovery key's address, stored, and becomes the
 * user's linked wallet: the registration itself is the proof of control. The passkey is the
 * account's first passkey row, active at once: the address itself commits to it as an owner.
 */
export async function registerPasskeyAccount(
  deps: { db: Database; client: ChainClient; config: Pick<Config, 'appUrl' | 'chainId'> },
  request: RegistrationRequest,
): Promise<RegistrationResult> {
  const { db } = deps;
  const { credential, recoveryOwner } = request.input;
  const [existing] = await db
    .select({ id: passkeyAccounts.id })
    .from(passkeyAccounts)
    .where(eq(passkeyAccounts.userId, request.user.id))
    .limit(1);
  if (existing) return { ok: false, reason: 'already-exists' };

  const verified = await verifyPasskeyRegistration(deps, { userId: request.user.id, credential, now: request.now });
  if (!verified.ok) return verified;
  const { x, y } = verified.passkey;

  const address = await computeSafeAddress(deps.client, {
    credentialId: credential.id,
    publicKeyX: x,
    publicKeyY: y,
    recoveryOwner,
  });

  return db.transaction(async (tx): Promise<RegistrationResult> => {
    const [row] = await tx
      .insert(passkeyAccounts)
      .values({
        userId: request.user.id,
        address,
        credentialId: credential.id,
        publicKeyX: x,
        publicKeyY: y,
        recoveryOwner,
        verifier: SAFE_P256_VERIFIERS.toString(),
        createdAt: request.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: false, reason: 'credential-taken' };
    const passkeys = await tx
      .insert(passkeyAccountPasskeys)
      .values({
        accountId: row.id,
        credentialId: credential.id,
        publicKeyX: x,
        publicKeyY: y,
        signer: SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.toLowerCase() as Address,
        label: passkeyLabel(request.userAgent),
        createdAt: request.now,
        addedAt: request.now,
      })
      .returning();
    const wallet = { walletAddress: address satisfies Address, userId: request.user.id, chainId: deps.config.chainId };
    const values = { ...wallet, linkedAt: request.now, updatedAt: request.now };
    await tx
      .insert(userWallets)
      .values({ email: request.user.email, ...values })
      .onConflictDoUpdate({ target: userWallets.email, set: values });
    return { ok: true, account: toPasskeyAccount(row, passkeys) };
  });
}
