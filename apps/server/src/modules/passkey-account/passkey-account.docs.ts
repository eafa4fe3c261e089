import {
  PASSKEY_ACCOUNT_MESSAGES,
  type AccountPasskey,
  type PasskeyAccount,
  type PasskeyChallenge,
} from '@keel/core/passkey-account';
import { z } from 'zod';
import { address, describe, isoTime, jsonResponse } from '../../lib/api-docs.js';

const TAG = 'Passkey account';
const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/);

const passkeySchema: z.ZodType<AccountPasskey> = z.object({
  id: z.string().describe('Keel’s id for this passkey'),
  credentialId: z.string().describe('base64url WebAuthn credential id'),
  publicKeyX: hex32 as z.ZodType<`0x${string}`>,
  publicKeyY: hex32 as z.ZodType<`0x${string}`>,
  signer: address.describe('The owner address the Safe lists for this passkey (the shared signer, or its own signer contract)'),
  label: z.string().describe('The device it was made on'),
  createdAt: isoTime,
  addedAt: isoTime.nullable().describe('When the server read it among the Safe’s owners; null while pending'),
  removedAt: isoTime.nullable().describe('When the server read that the Safe no longer lists it'),
});

const accountSchema: z.ZodType<PasskeyAccount> = z.object({
  address: address.describe('The Safe’s address, computed by the server from the owners'),
  credentialId: z.string().describe('base64url WebAuthn credential id'),
  publicKeyX: hex32 as z.ZodType<`0x${string}`>,
  publicKeyY: hex32 as z.ZodType<`0x${string}`>,
  recoveryOwner: address.describe('The recovery key’s address (the key never reaches the server)'),
  verifier: z.string().describe('The passkey signer’s packed verifier setting, decimal: the P-256 precompile at 0x100 only'),
  createdAt: isoTime,
  isDeployed: z.boolean().describe('False until the first operation deploys the Safe'),
  passkeys: z.array(passkeySchema).describe('Every passkey recorded for the account, oldest first'),
});

const challengeSchema: z.ZodType<PasskeyChallenge> = z.object({
  challenge: z.string().describe('base64url; single use, bound to the signed-in user'),
  rp: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  expiresAt: isoTime,
});

const OFF = `PASSKEY_ACCOUNTS_OFF "${PASSKEY_ACCOUNT_MESSAGES.disabled}"`;

export const getPasskeyAccountDocs = describe({
  tag: TAG,
  summary: 'The account’s passkey savings account',
  description: 'Null until one is created.',
  signedIn: true,
  responses: { 200: jsonResponse('The passkey account, or null', z.object({ account: accountSchema.nullable() })) },
  errors: { 404: OFF },
});

export const passkeyChallengeDocs = describe({
  tag: TAG,
  summary: 'Issue a WebAuthn registration challenge',
  description: 'Step 1 of creating a passkey savings account: a single-use challenge for this user, valid 5 minutes.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('What navigator.credentials.create needs', challengeSchema) },
  errors: {
    404: OFF,
    409: `CONFLICT "${PASSKEY_ACCOUNT_MESSAGES.alreadyExists}"`,
    429: `RATE_LIMITED "${PASSKEY_ACCOUNT_MESSAGES.rateLimited}"`,
  },
});

export const registerPasskeyAccountDocs = describe({
  tag: TAG,
  summary: 'Create the passkey savings account',
  description:
    'Step 2: the WebAuthn registration is verified (challenge, origin, relying party, user verification, ES256); the server computes the Safe’s address from the passkey and the recovery key’s address, stores it and links it as the account’s wallet.',
  signedIn: true,
  changesState: true,
  responses: { 201: jsonResponse('Created', z.object({ account: accountSchema })) },
  errors: {
    400: `BAD_REQUEST with details.reason (unknown-challenge, not-verified, not-es256), or VALIDATION_FAILED for a malformed body`,
    404: OFF,
    409: `CONFLICT (already-exists, credential-taken)`,
    429: `RATE_LIMITED "${PASSKEY_ACCOUNT_MESSAGES.rateLimited}"`,
  },
});

const NO_ACCOUNT = `NOT_FOUND "${PASSKEY_ACCOUNT_MESSAGES.noAccount}"`;

export const accountPasskeyChallengeDocs = describe({
  tag: TAG,
  summary: 'Issue a WebAuthn challenge for another passkey',
  description: 'Step 1 of adding a passkey (a new device) to the savings account: a single-use challenge, valid 5 minutes.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('What navigator.credentials.create needs', challengeSchema) },
  errors: { 404: `${OFF}, or ${NO_ACCOUNT}`, 429: `RATE_LIMITED "${PASSKEY_ACCOUNT_MESSAGES.rateLimited}"` },
});

export const registerAccountPasskeyDocs = describe({
  tag: TAG,
  summary: 'Record another passkey, pending until the Safe lists it',
  description:
    'Step 2: the registration is verified like the first passkey’s; the answer carries the signer address (read from Safe’s signer factory) the browser asks the Safe to add as an owner. The passkey is active only once the server reads that owner on chain (POST /passkeys/sync).',
  signedIn: true,
  changesState: true,
  responses: { 201: jsonResponse('Recorded, pending', z.object({ passkey: passkeySchema })) },
  errors: {
    400: 'BAD_REQUEST with details.reason (unknown-challenge, not-verified, not-es256), or VALIDATION_FAILED for a malformed body',
    404: `${OFF}, or ${NO_ACCOUNT}`,
    409: 'CONFLICT (credential-taken, too-many)',
    429: `RATE_LIMITED "${PASSKEY_ACCOUNT_MESSAGES.rateLimited}"`,
  },
});

export const syncAccountPasskeysDocs = describe({
  tag: TAG,
  summary: 'Read the Safe’s owners and update the passkeys',
  description:
    'After an owner change is confirmed on chain: every passkey whose signer the Safe lists (getOwners) becomes active, every one it no longer lists is marked removed. Nothing the browser says is taken.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('The account with its passkeys', z.object({ account: accountSchema })) },
  errors: { 404: `${OFF}, or ${NO_ACCOUNT}`, 502: 'UPSTREAM_FAILED when the chain could not be read' },
});
