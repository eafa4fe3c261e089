import { parseAddress, type Address } from '@keel/core/address';
import type { Hex } from 'viem';
import { z } from 'zod';

/**
 * A v0.7 UserOperation as ERC-7677 clients send it (viem's formatUserOperationRequest): every
 * number a 0x quantity, gas fields absent before estimation. v0.6 fields (initCode,
 * paymasterAndData) are not accepted: Keel's accounts run on EntryPoint v0.7 only.
 */
const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/;
const hexData = z.custom<Hex>((value) => typeof value === 'string' && HEX_BYTES.test(value), 'must be 0x-prefixed hex bytes');
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x-prefixed hex quantity')
  .transform((value) => BigInt(value));
const hexAddress = z.string().transform((value, context): Address => {
  const address = parseAddress(value);
  if (address && value === value.trim()) return address;
  context.addIssue({ code: 'custom', message: 'must be a 0x-prefixed 20-byte address' });
  return z.NEVER;
});

export const userOperationSchema = z
  .object({
    sender: hexAddress,
    nonce: quantity,
    factory: hexAddress.optional(),
    factoryData: hexData.optional(),
    callData: hexData,
    callGasLimit: quantity.optional(),
    verificationGasLimit: quantity.optional(),
    preVerificationGas: quantity.optional(),
    maxFeePerGas: quantity.optional(),
    maxPriorityFeePerGas: quantity.optional(),
    paymasterVerificationGasLimit: quantity.optional(),
    paymasterPostOpGasLimit: quantity.optional(),
  })
  // Other fields (signature, a stub paymaster) are the client's business and never decide anything.
  .loose();

export type UserOperation = z.infer<typeof userOperationSchema>;

/** ERC-7677's parameters: [userOp, entryPoint, chainId, context]. */
export const sponsorshipParamsSchema = z
  .tuple([userOperationSchema, hexAddress, z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be a 0x-prefixed hex chain id')])
  .rest(z.unknown());

/** The gas an operation may burn at most, with every limit used in full. */
export function totalGasLimit(op: UserOperation): bigint {
  return (
    (op.callGasLimit ?? 0n) +
    (op.verificationGasLimit ?? 0n) +
    (op.preVerificationGas ?? 0n) +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  );
}
