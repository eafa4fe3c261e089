import { decodeCredentialPublicKey, cose } from '@simplewebauthn/server/helpers';
import type { VerifiedAuthenticationResponse, VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { APIError } from 'better-auth/api';

/** ES256 and RS256: what phones, laptops and security keys use; anything else is refused at registration. */
export const PASSKEY_ALGORITHMS: readonly number[] = [cose.COSEALG.ES256, cose.COSEALG.RS256];

export const PASSKEY_MESSAGES = {
  userVerificationRequired:
    'This passkey did not check it was you (with your fingerprint, face or device PIN). Please use a passkey that does.',
  unsupportedAlgorithm: 'This passkey uses a kind of key Keel does not accept. Please try another device or password manager.',
} as const;

function refuse(code: string, message: string): never {
  throw new APIError('BAD_REQUEST', { code, message });
}

/**
 * Better Auth's passkey plugin verifies with user verification optional; Keel
 * requires it, because a passkey sign-in skips the second step.
 */
export function requireVerifiedUserOnRegistration({ verification }: { verification: VerifiedRegistrationResponse }): void {
  const info = verification.registrationInfo;
  if (!info?.userVerified) refuse('USER_VERIFICATION_REQUIRED', PASSKEY_MESSAGES.userVerificationRequired);
  const algorithm = decodeCredentialPublicKey(info.credential.publicKey).get(cose.COSEKEYS.alg);
  if (typeof algorithm !== 'number' || !PASSKEY_ALGORITHMS.includes(algorithm)) {
    refuse('UNSUPPORTED_PASSKEY', PASSKEY_MESSAGES.unsupportedAlgorithm);
  }
}

export function requireVerifiedUserOnSignIn({ verification }: { verification: VerifiedAuthenticationResponse }): void {
  if (!verification.authenticationInfo.userVerified) {
    throw new APIError('UNAUTHORIZED', {
      code: 'USER_VERIFICATION_REQUIRED',
      message: PASSKEY_MESSAGES.userVerificationRequired,
    });
  }
}
