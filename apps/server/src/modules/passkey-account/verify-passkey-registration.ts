import { ES256, type registrationCredentialSchema } from '@keel/core/passkey-account';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { cose, decodeClientDataJSON, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import { bytesToHex, type Hex } from 'viem';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountChallenges } from '../../db/schema.js';
import { relyingParty } from './relying-party.js';

/** Why a WebAuthn registration did not verify: audited as is; the user sees the matching message. */
export type VerificationRefusal = 'unknown-challenge' | 'not-verified' | 'not-es256';

export type VerifiedPasskey = { credentialId: string; x: Hex; y: Hex };

export type VerificationResult =
  { ok: true; passkey: VerifiedPasskey } | { ok: false; reason: VerificationRefusal; detail?: string };

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
 * Checks a passkey the browser just made for a savings account: the challenge was issued to this
 * user (consumed here, whatever the outcome) and is unexpired; the attestation verifies for
 * Keel's relying party and origin, with user verification and an ES256 key on P-256 (what
 * Safe's passkey signer verifies).
 */
export async function verifyPasskeyRegistration(
  deps: { db: Database; config: Pick<Config, 'appUrl'> },
  request: { userId: string; credential: z.output<typeof registrationCredentialSchema>; now: Date },
): Promise<VerificationResult> {
  const { credential } = request;
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!challenge) return { ok: false, reason: 'not-verified', detail: 'clientDataJSON has no challenge' };
  // Single use: whoever deletes the row first is the only one who may go on.
  const [consumed] = await deps.db
    .delete(passkeyAccountChallenges)
    .where(and(eq(passkeyAccountChallenges.challenge, challenge), eq(passkeyAccountChallenges.userId, request.userId)))
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
  return { ok: true, passkey: { credentialId: credential.id, ...coordinates } };
}
