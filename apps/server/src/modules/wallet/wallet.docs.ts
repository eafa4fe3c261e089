import { z } from 'zod';
import { address, describe, isoTime, jsonResponse } from '../../lib/api-docs.js';
import type { LinkedWallet } from './get-linked-wallet.js';
import type { IssuedLinkMessage } from './issue-link-message.js';
import { LINK_REFUSAL_MESSAGES } from './link-wallet.js';

const TAG = 'Wallet';

export const linkedWalletSchema: z.ZodType<LinkedWallet> = z.object({
  email: z.string(),
  walletAddress: address,
  userId: z.string(),
  chainId: z.number().int().nullable(),
  updatedAt: isoTime,
  linkedAt: isoTime.describe('When the user signed the link message'),
});

const issuedSchema: z.ZodType<IssuedLinkMessage> = z.object({
  message: z.string().describe('The EIP-4361 message for the wallet to sign with personal_sign'),
  nonce: z.string(),
  expiresAt: isoTime.describe('The nonce is single-use, bound to this session, and valid for 10 minutes'),
});

export const getWalletDocs = describe({
  tag: TAG,
  summary: 'The account’s linked wallet',
  description: 'Only a wallet proven by a signature counts; null until one is linked.',
  signedIn: true,
  responses: { 200: jsonResponse('The linked wallet, or null', z.object({ wallet: linkedWalletSchema.nullable() })) },
});

export const linkMessageDocs = describe({
  tag: TAG,
  summary: 'Issue a wallet-link message to sign',
  description: 'Step 1 of linking: the server issues an EIP-4361 (Sign-In with Ethereum) message with a fresh nonce.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('The message to sign', issuedSchema) },
  errors: { 429: 'RATE_LIMITED "Too many wallet link attempts. Please wait a few minutes and try again."' },
});

export const linkWalletDocs = describe({
  tag: TAG,
  summary: 'Link the wallet that signed the message',
  description:
    'Step 2 of linking: the signed message is checked (nonce, session, domain, chain, address, signature — EOAs and smart wallets) and the wallet becomes the account’s.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('Linked', z.object({ wallet: linkedWalletSchema })) },
  errors: {
    400: `BAD_REQUEST with details.reason, one of: ${Object.entries(LINK_REFUSAL_MESSAGES)
      .map(([reason, message]) => `${reason} "${message}"`)
      .join('; ')}; or VALIDATION_FAILED for a malformed body`,
  },
});
