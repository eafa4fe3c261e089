import { PASSKEY_ACCOUNT_MESSAGES, type PasskeyAccount, type PasskeyChallenge } from '@keel/core/passkey-account';
import { z } from 'zod';
import { address, describe, isoTime, jsonResponse } from '../../lib/api-docs.js';

const TAG = 'Passkey account';
const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/);

const accountSchema: z.ZodType<PasskeyAccount> = z.object({
  address: address.describe('The Safe’s address, computed by the server from the owners'),
  credentialId: z.string().describe('base64url WebAuthn credential id'),
  publicKeyX: hex32 as z.ZodType<`0x${string}`>,
  publicKeyY: hex32 as z.ZodType<`0x${string}`>,
  recoveryOwner: address.describe('The recovery key’s address (the key never reaches the server)'),
  verifier: z.string().describe('The passkey signer’s packed verifier setting, decimal: the P-256 precompile at 0x100 only'),
  createdAt: isoTime,
  isDeployed: z.boolean().describe('False until the first operation deploys the Safe'),
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
