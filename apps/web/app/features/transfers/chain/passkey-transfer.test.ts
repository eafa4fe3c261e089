import type { PasskeyAccount } from '@keel/core/passkey-account';
import type { TransactionReceipt } from 'viem';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PasskeyOperations from '~/lib/passkey-operations';
import { PasskeyOperationError } from '~/lib/passkey-operations';
import { runPasskeyTransfer, type PasskeyTransferRequest } from './passkey-transfer';
import type { StepUpdate } from './run-transfer';
import { classifyTransferError } from './transfer-errors';

const operations = vi.hoisted(() => ({
  connectPasskeyAccount: vi.fn(),
  depositWithPasskey: vi.fn(),
  redeemAllWithPasskey: vi.fn(),
  withdrawWithPasskey: vi.fn(),
}));
vi.mock('~/lib/passkey-operations', async (importOriginal) => ({
  ...(await importOriginal<typeof PasskeyOperations>()),
  ...operations,
}));

const HASH = `0x${'ab'.repeat(32)}` as const;
const VAULT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const ACCOUNT: PasskeyAccount = {
  address: '0x9cbcbe6846b1d80f9d442a356b97ca085b2a75ac',
  credentialId: 'Y3JlZA',
  publicKeyX: `0x${'1'.repeat(64)}`,
  publicKeyY: `0x${'2'.repeat(64)}`,
  recoveryOwner: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  verifier: (0x100n << 160n).toString(),
  createdAt: '2026-11-28T20:00:00.000Z',
  isDeployed: true,
  passkeys: [],
};

function request(overrides: Partial<PasskeyTransferRequest> = {}) {
  const steps: StepUpdate[][] = [];
  const submitted: string[] = [];
  const base = {
    account: ACCOUNT,
    settings: { rpcUrl: 'http://127.0.0.1:8545', bundlerUrl: 'http://127.0.0.1:4337', chainId: 8453, confirmations: 2 },
    vault: VAULT,
    onSteps: (update: StepUpdate[]) => steps.push(update),
    onSubmitted: (hash: string) => submitted.push(hash),
    kind: 'deposit',
    usdc: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    assets: 25_000_000n,
  } as const;
  return { steps, submitted, request: { ...base, ...overrides } as PasskeyTransferRequest };
}

describe('runPasskeyTransfer', () => {
  beforeEach(() => {
    for (const fn of Object.values(operations)) fn.mockReset();
    operations.connectPasskeyAccount.mockResolvedValue({});
  });

  it('deposits in one passkey step and reports its hash, so it is recorded like a wallet deposit', async () => {
    operations.depositWithPasskey.mockImplementation(async (_connected, events) => {
      events.onSigning();
      events.onSubmitted(HASH);
      return { transactionHash: HASH } as TransactionReceipt;
    });
    const { steps, submitted, request: deposit } = request();
    await runPasskeyTransfer(deposit);
    expect(operations.depositWithPasskey).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ vault: VAULT, assets: 25_000_000n }),
    );
    expect(submitted).toEqual([HASH]);
    expect(steps.map((update) => update.map((step) => `${step.id}:${step.state}`))).toEqual([
      ['batch:passkey'],
      ['batch:submitted'],
      ['batch:confirmed'],
    ]);
  });

  it('redeems every share for Max', async () => {
    operations.redeemAllWithPasskey.mockResolvedValue({ transactionHash: HASH });
    const onShares = vi.fn();
    await runPasskeyTransfer(request({ kind: 'withdraw', redeemAll: true, assets: 25_000_000n, onShares }).request);
    expect(operations.redeemAllWithPasskey).toHaveBeenCalledWith({}, expect.objectContaining({ vault: VAULT, onShares }));
    expect(operations.withdrawWithPasskey).not.toHaveBeenCalled();
  });

  it('reads a dismissed passkey prompt as cancelled, and a reverted operation as failed with its reason', async () => {
    operations.depositWithPasskey.mockRejectedValueOnce(
      Object.assign(new Error('The request failed'), { cause: new DOMException('Timed out', 'NotAllowedError') }),
    );
    const cancelled = await runPasskeyTransfer(request().request).catch((error: unknown) => error);
    expect(classifyTransferError(cancelled)).toEqual({ kind: 'cancelled' });

    operations.depositWithPasskey.mockRejectedValueOnce(new PasskeyOperationError('Vault is paused', HASH));
    const reverted = await runPasskeyTransfer(request().request).catch((error: unknown) => error);
    expect(classifyTransferError(reverted)).toEqual({ kind: 'reverted', reason: 'Vault is paused' });
  });
});
