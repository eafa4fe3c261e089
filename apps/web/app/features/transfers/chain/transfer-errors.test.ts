import { describeRevertData } from '@keel/core/revert-reason';
import { TRANSFER_ERRORS_ABI, UNKNOWN_REVERT } from '@keel/core/transfer-rules';
import { BaseError, ContractFunctionRevertedError, encodeErrorResult, UserRejectedRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { VAULT_ABI } from '~/lib/vault-calls';
import { TransferRevertedError, classifyTransferError, describeRevert } from './transfer-errors';

const ACCOUNT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function encode(item: (typeof TRANSFER_ERRORS_ABI)[number]) {
  const args = item.inputs.map((input) =>
    input.type === 'string' ? 'Vault is paused' : input.type === 'address' ? ACCOUNT : 1n,
  );
  return encodeErrorResult({ abi: [item], errorName: item.name, args } as Parameters<typeof encodeErrorResult>[0]);
}

describe('the revert decoder shared with the server', () => {
  it("names every error of Keel's ABI in words, never as the general sentence or hex", () => {
    for (const item of TRANSFER_ERRORS_ABI) {
      const text = describeRevertData(encode(item));
      expect(text, item.name).not.toBe(UNKNOWN_REVERT);
      expect(text, item.name).not.toMatch(/0x/);
    }
    expect(describeRevertData(encode(TRANSFER_ERRORS_ABI[0]))).toBe('Vault is paused.');
  });
});

describe('describeRevert', () => {
  it('uses the reason viem decoded for a simulated call', () => {
    const data = encodeErrorResult({ abi: VAULT_ABI, errorName: 'ERC4626ExceededMaxWithdraw', args: [ACCOUNT, 2n, 1n] });
    const error = new BaseError('simulation failed', {
      cause: new ContractFunctionRevertedError({ abi: VAULT_ABI, data, functionName: 'withdraw' }),
    });
    expect(describeRevert(error)).toBe('The vault cannot pay out this much right now.');
  });

  it('decodes raw revert bytes a node returned without an ABI', () => {
    const data = encodeErrorResult({ abi: VAULT_ABI, errorName: 'Error', args: ['Vault is paused'] });
    expect(describeRevert(new BaseError('call failed', { cause: Object.assign(new Error('rpc'), { data }) }))).toBe(
      'Vault is paused.',
    );
  });
});

describe('classifyTransferError', () => {
  it('tells a declined request, a revert and an interruption apart', () => {
    expect(classifyTransferError(new UserRejectedRequestError(new Error('no')))).toEqual({ kind: 'cancelled' });
    expect(classifyTransferError(new TransferRevertedError('Vault is paused.'))).toEqual({
      kind: 'reverted',
      reason: 'Vault is paused.',
    });
    expect(classifyTransferError(new Error('Wallet disconnected'))).toEqual({
      kind: 'interrupted',
      message: 'Your wallet disconnected. Reconnect it and try again.',
    });
  });
});
