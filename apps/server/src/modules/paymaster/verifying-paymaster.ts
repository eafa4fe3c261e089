import { SAFE_ACCOUNT_ADDRESSES } from '@keel/core/safe-account';
import { concat, encodeAbiParameters, keccak256, numberToHex, pad, parseAbi, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { ChainClient } from '../../chain/chain-client.js';
import type { UserOperation } from './user-operation.js';

/**
 * Sponsorships for the EntryPoint v0.7 sample VerifyingPaymaster: paymasterData is
 * abi.encode(uint48 validUntil, uint48 validAfter) followed by the signer's signature over
 * getHash(userOp, validUntil, validAfter) (an EIP-191 personal message).
 */

/** Gas the paymaster's own validation and post-op may use (the sample has no post-op work). */
export const PAYMASTER_VERIFICATION_GAS = 60_000n;
export const PAYMASTER_POST_OP_GAS = 1n;

export type PaymasterAnswer = {
  paymaster: Address;
  paymasterData: Hex;
  paymasterVerificationGasLimit: Hex;
  paymasterPostOpGasLimit: Hex;
};

function packUint128Pair(high: bigint, low: bigint): Hex {
  return concat([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })]);
}

/** The VerifyingPaymaster's getHash, computed off chain. */
export function sponsorshipHash(input: {
  op: UserOperation;
  paymaster: Address;
  chainId: number;
  validUntil: number;
  validAfter: number;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
}): Hex {
  const { op } = input;
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x';
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        packUint128Pair(op.verificationGasLimit ?? 0n, op.callGasLimit ?? 0n),
        (input.paymasterVerificationGasLimit << 128n) | input.paymasterPostOpGasLimit,
        op.preVerificationGas ?? 0n,
        packUint128Pair(op.maxPriorityFeePerGas ?? 0n, op.maxFeePerGas ?? 0n),
        BigInt(input.chainId),
        input.paymaster,
        input.validUntil,
        input.validAfter,
      ],
    ),
  );
}

export type VerifyingPaymaster = {
  address: Address;
  /** A signed sponsorship valid until `validUntil` (unix seconds). */
  sign: (op: UserOperation, validUntil: number) => Promise<PaymasterAnswer>;
  /**
   * The stub before gas estimation: the same shape, signed by a throwaway key, so it costs the same
   * gas to validate but is worth nothing to the EntryPoint (it cannot be sent as a sponsorship).
   */
  stub: (op: UserOperation, validUntil: number) => Promise<PaymasterAnswer>;
};

export function createVerifyingPaymaster(options: { address: Address; signerKey: Hex; chainId: number }): VerifyingPaymaster {
  const signer = privateKeyToAccount(options.signerKey);
  const throwaway = privateKeyToAccount(generatePrivateKey());
  const answer = async (account: PrivateKeyAccount, op: UserOperation, validUntil: number): Promise<PaymasterAnswer> => {
    const limits = { paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS };
    const hash = sponsorshipHash({
      op,
      paymaster: options.address,
      chainId: options.chainId,
      validUntil,
      validAfter: 0,
      ...limits,
    });
    const signature = await account.signMessage({ message: { raw: hash } });
    return {
      paymaster: options.address,
      paymasterData: concat([encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, 0]), signature]),
      paymasterVerificationGasLimit: numberToHex(limits.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(limits.paymasterPostOpGasLimit),
    };
  };
  return {
    address: options.address,
    sign: (op, validUntil) => answer(signer, op, validUntil),
    stub: (op, validUntil) => answer(throwaway, op, validUntil),
  };
}

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)']);

/** What the paymaster still holds on the EntryPoint to pay for operations, wei. */
export function readPaymasterDeposit(client: ChainClient, paymaster: Address): Promise<bigint> {
  return client.readContract({
    address: SAFE_ACCOUNT_ADDRESSES.entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [paymaster],
  });
}
