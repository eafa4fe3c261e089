import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { z } from 'zod';
import { address, describe, isoTime, jsonResponse, tokenUnits } from '../../lib/api-docs.js';

const TAG = 'Transfers';

const transferSchema = z.object({
  id: z.string(),
  walletAddress: address,
  vaultAddress: address,
  kind: z.enum(['deposit', 'withdraw']),
  chainId: z.number().int(),
  txHash: z.string(),
  requestedAssets: tokenUnits.nullable(),
  requestedShares: tokenUnits.nullable(),
  status: z.enum(['pending', 'confirmed', 'failed']).describe('Decided by the server’s own receipt check'),
  failureReason: z.string().nullable(),
  assets: tokenUnits.nullable().describe('From the confirmed Deposit/Withdraw event'),
  shares: tokenUnits.nullable(),
  blockNumber: z.number().int().nullable(),
  logIndex: z.number().int().nullable(),
  submittedAt: isoTime,
  settledAt: isoTime.nullable(),
});

export const listTransfersDocs = describe({
  tag: TAG,
  summary: 'The account’s deposits and withdrawals sent from Keel, with their status',
  signedIn: true,
  responses: { 200: jsonResponse('Transfers', z.object({ transfers: z.array(transferSchema) })) },
});

export const recordTransferDocs = describe({
  tag: TAG,
  summary: 'Record a transaction the wallet just sent',
  description: 'Stored as pending; the server confirms or fails it from its own receipt check, never from what the browser says.',
  signedIn: true,
  changesState: true,
  responses: { 201: jsonResponse('Recorded as pending', z.object({ transfer: transferSchema })) },
  errors: {
    404: `NOT_FOUND "${VAULT_MESSAGES.walletNotLinked}" or "${VAULT_MESSAGES.unknownVault}"`,
    409: 'CONFLICT "This transaction is already recorded for another account."',
    429: `RATE_LIMITED "${VAULT_MESSAGES.rateLimited}"`,
    503: `UNAVAILABLE "${VAULT_MESSAGES.unavailable}"`,
  },
});
