import { ES256, type PasskeyChallenge, type RegisterPasskeyAccountInput } from '@keel/core/passkey-account';

export type RegistrationCredential = RegisterPasskeyAccountInput['credential'];

/** How long the browser waits for the person to confirm with their device. */
const CREATE_TIMEOUT_MS = 120_000;

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBase64url(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether this browser can make passkeys at all. */
export function canCreatePasskeys(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window && Boolean(navigator.credentials);
}

/**
 * Asks the browser for a new passkey on Keel's own domain: ES256 only (the key
 * Safe's passkey signer verifies) and user verification required (a PIN,
 * fingerprint or face, not a mere tap). The private key never leaves the device.
 */
export async function createPasskey(challenge: PasskeyChallenge): Promise<RegistrationCredential> {
  const credential = await navigator.credentials.create({
    publicKey: {
      challenge: fromBase64url(challenge.challenge),
      rp: { id: window.location.hostname, name: challenge.rp.name },
      user: { id: fromBase64url(challenge.user.id), name: challenge.user.name, displayName: challenge.user.displayName },
      pubKeyCredParams: [{ type: 'public-key', alg: ES256 }],
      authenticatorSelection: { userVerification: 'required', residentKey: 'preferred' },
      attestation: 'none',
      timeout: CREATE_TIMEOUT_MS,
    },
  });
  if (!(credential instanceof PublicKeyCredential) || !(credential.response instanceof AuthenticatorAttestationResponse)) {
    throw new PasskeyCreationError('no-credential');
  }
  const response = credential.response;
  const attachment = credential.authenticatorAttachment;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: 'public-key',
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: response.getTransports(),
    },
    ...(attachment === 'platform' || attachment === 'cross-platform' ? { authenticatorAttachment: attachment } : {}),
    clientExtensionResults: {},
  };
}

export type PasskeyCreationProblem = 'cancelled' | 'unsupported' | 'no-credential';

export class PasskeyCreationError extends Error {
  readonly problem: PasskeyCreationProblem;
  constructor(problem: PasskeyCreationProblem) {
    super(PASSKEY_CREATION_MESSAGES[problem]);
    this.name = 'PasskeyCreationError';
    this.problem = problem;
  }
}

export const PASSKEY_CREATION_MESSAGES: Record<PasskeyCreationProblem, string> = {
  cancelled: 'No passkey was created: the request was cancelled or timed out. Your recovery kit is still valid; try again.',
  unsupported: 'This device cannot make the kind of passkey a savings account needs. Try another device or browser.',
  'no-credential': 'The browser did not return a passkey. Please try again.',
};

/** The browser's DOMException names, as the saver's words. */
export function passkeyProblemOf(error: unknown): PasskeyCreationProblem | null {
  if (error instanceof PasskeyCreationError) return error.problem;
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'cancelled';
    if (error.name === 'NotSupportedError' || error.name === 'SecurityError') return 'unsupported';
  }
  return null;
}
