import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { z } from 'zod';
import { address, describe, jsonResponse } from '../../lib/api-docs.js';
import type { DepositRecord } from './list-deposits.js';

const depositSchema: z.ZodType<DepositRecord> = z.object({
  id: z.string(),
  wallet: address,
  vault: z.string().describe('Vault name'),
  depositAmount: z.string().describe('USDC as an exact decimal string'),
  apyPercent: z.string().describe('APY percent as an exact decimal string'),
  depositDate: z.string().describe('YYYY-MM-DD'),
});

export const listDepositsDocs = describe({
  tag: 'Deposits',
  summary: 'Operator-recorded deposits of the account’s linked wallets',
  description: 'Newest first. ?wallet= narrows to one linked wallet.',
  signedIn: true,
  responses: { 200: jsonResponse('The deposits', z.object({ deposits: z.array(depositSchema) })) },
  errors: {
    400: 'VALIDATION_FAILED: wallet is not an address',
    404: `NOT_FOUND "${VAULT_MESSAGES.walletNotLinked}"`,
  },
});
