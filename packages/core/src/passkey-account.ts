import { z } from 'zod';
import type { Address } from './address.js';
import { addressSchema } from './schemas.js';

/** A registration challenge is single-use and expires this long after it is issued. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** COSE's ES256 (ECDSA on P-256 with SHA-256): the only key Safe's passkey signer verifies. */
export const ES256 = -7;

/** The passkey account's own answers, as the server and the web both word them. */
export const PASSKEY_ACCOUNT_MESSAGES = {
  disabled: 'Savings accounts with a passkey are not available on this Keel yet.',
  alreadyExists: 'You already have a savings account with a passkey.',
  unknownChallenge: 'This passkey request was already used or has expired. Please start again.',
  notVerified: 'Your passkey could not be verified. Please try again.',
  notEs256: 'This passkey uses a kind of key Keel cannot use for a savings account. Please try another device.',
  credentialTaken: 'This passkey is already used by another savings account.',
  rateLimited: 'Too many attempts to create a savings account. Please wait a few minutes and try again.',
  noAccount: 'You do not have a savings account with a passkey yet.',
  unknownPasskey: 'This passkey is not one of your savings account’s passkeys.',
  notOnChain: 'Your savings account does not list this passkey yet. Please wait a moment and try again.',
} as const;

/** WebAuthn's transport hints; a newer browser's unknown hint is dropped, never refused. */
const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type AuthenticatorTransport = (typeof AUTHENTICATOR_TRANSPORTS)[number];
function isKnownTransport(hint: string): hint is AuthenticatorTransport {
  return (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(hint);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is missing` })
    .min(1, `${label} is missing`)
    .max(max, `${label} is too long`)
    .regex(BASE64URL, `${label} must be base64url text`);

/**
 * The browser's answer to navigator.credentials.create, as JSON (the shape
 * PublicKeyCredential.toJSON() gives). Sizes are capped well above what real
 * authenticators send, so a hostile body stays small.
 */
export const registrationCredentialSchema = z.object({
  id: base64url('The credential id', 1_400),
  rawId: base64url('The credential id', 1_400),
  type: z.literal('public-key', { error: 'The credential must be a public-key credential' }),
  response: z.object({
    clientDataJSON: base64url('The client data', 4_000),
    attestationObject: base64url('The attestation', 16_000),
    transports: z
      .array(z.string().max(32))
      .max(8)
      .transform((hints) => hints.filter(isKnownTransport))
      .optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** POST /api/passkey-account: the passkey just made, and the recovery key's address (never the key itself). */
export const registerPasskeyAccountSchema = z.strictObject({
  credential: registrationCredentialSchema,
  recoveryOwner: addressSchema('The recovery key’s address must be 0x followed by 40 hex characters'),
});
export type RegisterPasskeyAccountInput = z.input<typeof registerPasskeyAccountSchema>;

/** The most passkeys one savings account keeps (each owner makes every check of the Safe's owners longer). */
export const MAX_ACCOUNT_PASSKEYS = 10;

/** POST /api/passkey-account/passkeys: another passkey for the account (a new device). */
export const registerAccountPasskeySchema = z.strictObject({
  credential: registrationCredentialSchema,
});
export type RegisterAccountPasskeyInput = z.input<typeof registerAccountPasskeySchema>;

/**
 * One passkey that owns (or is about to own) the savings account. The first one signs through
 * Safe's shared signer; every later one through its own signer contract from Safe's signer
 * factory. `signer` is that owner address, as the Safe lists it.
 */
export type AccountPasskey = {
  id: string;
  credentialId: string;
  publicKeyX: `0x${string}`;
  publicKeyY: `0x${string}`;
  signer: Address;
  /** The device it was made on, in plain words ("Chrome on macOS"). */
  label: string;
  createdAt: string;
  /** When the server read it among the Safe's owners on chain; null while the addition is pending. */
  addedAt: string | null;
  /** When the server read that the Safe no longer lists it. */
  removedAt: string | null;
};

/** Whether the Safe lists this passkey as an owner right now (as last read from the chain). */
export function isActivePasskey(passkey: Pick<AccountPasskey, 'addedAt' | 'removedAt'>): boolean {
  return passkey.addedAt !== null && passkey.removedAt === null;
}

/** What the server gives the browser to create the passkey with. */
export type PasskeyChallenge = {
  challenge: string;
  rp: { id: string; name: string };
  /** base64url of an opaque id: never the email. */
  user: { id: string; name: string; displayName: string };
  expiresAt: string;
};

/** A passkey savings account as the API answers it. */
export type PasskeyAccount = {
  address: Address;
  credentialId: string;
  publicKeyX: `0x${string}`;
  publicKeyY: `0x${string}`;
  recoveryOwner: Address;
  /** The signer's packed verifier setting as a decimal string (core's SAFE_P256_VERIFIERS). */
  verifier: string;
  createdAt: string;
  /** False until its first operation deploys it on chain. */
  isDeployed: boolean;
  /** Every passkey recorded for the account, the first one first; removed ones keep their row. */
  passkeys: AccountPasskey[];
};
