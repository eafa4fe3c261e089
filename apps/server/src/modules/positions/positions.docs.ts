import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { z } from 'zod';
import { address, describe, isoTime, jsonResponse, tokenUnits } from '../../lib/api-docs.js';
import { vaultStatusSchema } from '../vaults/vaults.docs.js';

const positionSchema = z.object({
  walletAddress: address,
  vaultId: vaultStatusSchema.shape.id,
  vaultName: z.string(),
  vaultAddress: address,
  shares: tokenUnits.describe('balanceOf(wallet), in share units'),
  shareDecimals: z.number().int(),
  assets: tokenUnits.describe('previewRedeem(shares) in micro-USDC (rounded down)'),
  sharePrice: tokenUnits.describe('convertToAssets(one whole share) in micro-USDC'),
});

export const positionsDocs = describe({
  tag: 'Positions',
  summary: 'What the linked wallets hold in each available vault, read from chain',
  signedIn: true,
  responses: {
    200: jsonResponse(
      'Holdings',
      z.object({
        wallets: z.array(address),
        vaults: z.array(vaultStatusSchema),
        positions: z.array(positionSchema),
        readAt: isoTime,
      }),
    ),
  },
  errors: {
    429: `RATE_LIMITED "${VAULT_MESSAGES.rateLimited}"`,
    502: `UPSTREAM_FAILED "${VAULT_MESSAGES.balancesReadFailed}"`,
  },
});
