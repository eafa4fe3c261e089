import type { Address } from '@keel/core/address';
import { ES256, type PasskeyAccount, type registerPasskeyAccountSchema } from '@keel/core/passkey-account';
import { SAFE_P256_VERIFIERS } from '@keel/core/safe-account';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { cose, decodeClientDataJSON, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import { bytesToHex, type Hex } from 'viem';
import type { z } from 'zod';
import type { ChainClient } from '../../chain/chain-client.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountChallenges, passkeyAccounts, userWallets } from '../../db/schema.js';
import { computeSafeAddress } from './compute-safe-address.js';
import { toPasskeyAccount } from './passkey-account-record.js';
import { relyingParty } from './relying-party.js';

/** Why a registration was refused: audited as is; the user sees the matching message. */
export type RegistrationRefusal = 'already-exists' | 'unknown-challenge' | 'not-verified' | 'not-es256' | 'credential-taken';

export type RegistrationResult =
  { ok: true; account: PasskeyAccount } | { ok: false; reason: RegistrationRefusal; detail?: string };

type RegistrationRequest = {
  user: { id: string; email: string };
  input: z.output<typeof registerPasskeyAccountSchema>;
  now: Date;
};

const P256_COORDINATE_BYTES = 32;

type CosePublicKeyBytes = Parameters<typeof decodeCredentialPublicKey>[0];

/** The passkey's public key as Safe's signer takes it, or null unless it is ES256 on P-256. */
function es256Coordinates(publicKey: CosePublicKeyBytes): { x: Hex; y: Hex } | null {
  let key: ReturnType<typeof decodeCredentialPublicKey>;
  try {
    key = decodeCredentialPublicKey(publicKey);
  } catch {
    return null;
  }
  if (!cose.isCOSEPublicKeyEC2(key)) return null;
  if (key.get(cose.COSEKEYS.alg) !== ES256 || key.get(cose.COSEKEYS.crv) !== cose.COSECRV.P256) return null;
  const x = key.get(cose.COSEKEYS.x);
  const y = key.get(cose.COSEKEYS.y);
  if (x?.length !== P256_COORDINATE_BYTES || y?.length !== P256_COORDINATE_BYTES) return null;
  return { x: bytesToHex(x), y: bytesToHex(y) };
}

function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Creates the user's passkey savings account from a WebAuthn registration:
 * the challenge was issued to this user (consumed here, whatever the outcome)
 * and is unexpired; the attestation verifies for Keel's relying party and
 * origin, with user verification and an ES256 key. The Safe's address is
 * computed from that key and the recovery key's address, stored, and becomes
 * the user's linked wallet: the registration itself is the proof of control.
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

  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!challenge) return { ok: false, reason: 'not-verified', detail: 'clientDataJSON has no challenge' };
  // Single use: whoever deletes the row first is the only one who may go on.
  const [consumed] = await db
    .delete(passkeyAccountChallenges)
    .where(and(eq(passkeyAccountChallenges.challenge, challenge), eq(passkeyAccountChallenges.userId, request.user.id)))
    .returning();
  if (!consumed || request.now >= consumed.expiresAt) return { ok: false, reason: 'unknown-challenge' };

  const rp = relyingParty(deps.config);
  let publicKey: CosePublicKeyBytes;
  try {
    const verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: consumed.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: [ES256],
    });
    if (!verification.verified) return { ok: false, reason: 'not-verified' };
    publicKey = verification.registrationInfo.credential.publicKey;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // simplewebauthn refuses another algorithm with its own words: tell the saver which problem it is.
    return { ok: false, reason: /public key alg/i.test(detail) ? 'not-es256' : 'not-verified', detail };
  }
  const coordinates = es256Coordinates(publicKey);
  if (!coordinates) return { ok: false, reason: 'not-es256' };

  const address = await computeSafeAddress(deps.client, {
    credentialId: credential.id,
    publicKeyX: coordinates.x,
    publicKeyY: coordinates.y,
    recoveryOwner,
  });

  return db.transaction(async (tx): Promise<RegistrationResult> => {
    const [row] = await tx
      .insert(passkeyAccounts)
      .values({
        userId: request.user.id,
        address,
        credentialId: credential.id,
        publicKeyX: coordinates.x,
        publicKeyY: coordinates.y,
        recoveryOwner,
        verifier: SAFE_P256_VERIFIERS.toString(),
        createdAt: request.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: false, reason: 'credential-taken' };
    const wallet = { walletAddress: address satisfies Address, userId: request.user.id, chainId: deps.config.chainId };
    const values = { ...wallet, linkedAt: request.now, updatedAt: request.now };
    await tx
      .insert(userWallets)
      .values({ email: request.user.email, ...values })
      .onConflictDoUpdate({ target: userWallets.email, set: values });
    return { ok: true, account: toPasskeyAccount(row) };
  });
}
