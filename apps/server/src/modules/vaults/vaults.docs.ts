import { VAULT_MESSAGES } from '@keel/core/vault-messages';
import { z } from 'zod';
import { address, describe, isoTime, jsonResponse } from '../../lib/api-docs.js';
import type { VaultData } from './get-vault-data.js';

const TAG = 'Vaults';

export const vaultStatusSchema = z.object({
  id: z.enum(['everyday-cash', 'smart-savings', 'growth-reserve']),
  name: z.string(),
  address,
  available: z.boolean().describe('Passed verification (chain id, ERC-4626, asset = USDC_ADDRESS, 6 decimals)'),
});

const listedVaultSchema = vaultStatusSchema.extend({
  contract: z.object({
    identity: z
      .object({ name: z.string(), symbol: z.string(), assetSymbol: z.string() })
      .nullable()
      .describe("The contract's own name() and symbol() and its asset's symbol(); null while unverified or unreadable"),
    curator: z.string().nullable().describe('Who manages the vault (VAULT_*_CURATOR); null when unknown'),
    exposureNote: z
      .string()
      .nullable()
      .describe("What the contract actually is, where the tier's description claims an exposure it does not have"),
  }),
});

const vaultDataSchema: z.ZodType<VaultData> = z.object({
  name: z.string(),
  userAccessLevel: z.string().nullable().describe('accessLevel(linked wallet) where the vault exposes it'),
  totalNetAssetValue: z.string().describe('USDC, decimal string'),
  totalGrossAssetValue: z.string().describe('USDC, decimal string'),
  latestSharePrice: z.object({ price: z.string().describe('USDC per whole share, decimal string') }),
  vaultAddress: address,
  userBalance: z.string().nullable().describe('The linked wallet’s position in USDC, or null without one'),
  readAt: isoTime,
});

export const listVaultsDocs = describe({
  tag: TAG,
  summary: 'The three configured vaults and whether each is available',
  signedIn: true,
  responses: { 200: jsonResponse('The vaults', z.object({ vaults: z.array(listedVaultSchema) })) },
});

export const getVaultDocs = describe({
  tag: TAG,
  summary: 'Live figures of one vault, read from chain',
  description: 'Rate-limited per user (LIMIT_VAULT_DATA_MAX) and audited as VAULT_DATA_ACCESS.',
  signedIn: true,
  responses: { 200: jsonResponse('The vault', vaultDataSchema) },
  errors: {
    400: 'VALIDATION_FAILED "Enter a valid vault address (0x followed by 40 hex characters)"',
    404: `NOT_FOUND "${VAULT_MESSAGES.unknownVault}": not one of the configured vaults`,
    429: `RATE_LIMITED "${VAULT_MESSAGES.rateLimited}"`,
    502: `UPSTREAM_FAILED "${VAULT_MESSAGES.fetchFailed}": the chain read failed`,
    503: `UNAVAILABLE "${VAULT_MESSAGES.unavailable}": the vault failed verification`,
  },
});
