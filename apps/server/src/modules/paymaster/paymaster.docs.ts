import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

const rpcAnswer = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z
    .object({
      paymaster: z.string(),
      paymasterData: z.string(),
      paymasterVerificationGasLimit: z.string().optional(),
      paymasterPostOpGasLimit: z.string().optional(),
    })
    .loose()
    .optional(),
  error: z
    .object({
      code: z.number().int(),
      message: z.string(),
      data: z.object({ code: z.string(), reason: z.string().optional() }),
    })
    .optional(),
});

export const paymasterDocs = describe({
  tag: 'Passkey accounts',
  summary: 'ERC-7677 paymaster: pm_getPaymasterStubData and pm_getPaymasterData',
  description:
    'JSON-RPC 2.0, params [userOperation (v0.7), entryPoint, chainId, context]. Sponsors only the signed-in ' +
    'saver’s own passkey account, and only a deposit into a verified vault (exact USDC approval plus deposit), ' +
    'a withdrawal to the account, or a USDC send (a few a day), plus the account’s deployment in its first ' +
    'operation. Errors are JSON-RPC errors whose data.code is one of Keel’s codes (SPONSORSHIP_REFUSED with ' +
    'data.reason, VALIDATION_FAILED, UNAUTHORIZED). 404 when passkey accounts are not configured.',
  changesState: true,
  responses: { 200: jsonResponse('The sponsorship (paymaster fields for the UserOperation)', rpcAnswer) },
  errors: {
    401: 'UNAUTHORIZED (as a JSON-RPC error): no signed-in session',
    403: 'SPONSORSHIP_REFUSED (as a JSON-RPC error): the operation is not one Keel pays for, or a daily limit is used',
    404: 'UNKNOWN_ENDPOINT: passkey accounts are not configured on this server',
    502: 'UPSTREAM_FAILED (as a JSON-RPC error): the chain or the paymaster provider did not answer',
  },
});
