import { z } from 'zod';
import { address, describe, jsonResponse } from '../../lib/api-docs.js';

const publicConfigSchema = z.object({
  appUrl: z.string(),
  baseRpcUrl: z.string().describe('PUBLIC_BASE_RPC_URL (never BASE_RPC_URL)'),
  chainId: z.number().int(),
  usdcAddress: address,
  chainConfirmations: z.number().int(),
  explorerUrl: z.string(),
  vaults: z.object({ everydayCash: address, smartSavings: address, growthReserve: address }),
  walletConnectProjectId: z.string().nullable(),
  passkeyAccount: z
    .object({
      enabled: z.boolean(),
      bundlerUrl: z.string().nullable().describe('PUBLIC_BUNDLER_URL (or BUNDLER_URL); null when passkey accounts are off'),
      chainId: z.number().int(),
    })
    .describe('Savings accounts owned by a passkey: offered when BUNDLER_URL and a paymaster are configured'),
});

export const configDocs = describe({
  tag: 'Operations',
  summary: 'The public subset of the configuration the web app needs',
  responses: { 200: jsonResponse('Public configuration', publicConfigSchema) },
});
