import type { Address } from '@keel/core/address';
import { SAFE_ACCOUNT_ADDRESSES, SAFE_P256_VERIFIERS } from '@keel/core/safe-account';
import { concat, encodeFunctionData, encodePacked, parseAbi, size, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { decideSponsorship, type PolicyContext } from './sponsorship-policy.js';
import type { UserOperation } from './user-operation.js';

const lower = (address: string) => address.toLowerCase() as Address;
const ACCOUNT = lower('0x1111111111111111111111111111111111111111');
const OTHER = lower('0x2222222222222222222222222222222222222222');
const USDC = lower('0x3333333333333333333333333333333333333333');
const VAULT = lower('0x4444444444444444444444444444444444444444');
const UNVERIFIED_VAULT = lower('0x5555555555555555555555555555555555555555');
const OTHER_TOKEN = lower('0x6666666666666666666666666666666666666666');
const RECOVERY = lower('0x7777777777777777777777777777777777777777');
const KEY = { x: 0x1234n, y: 0x5678n };

const abi = parseAbi([
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function multiSend(bytes transactions)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
  'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',
  'function addOwnerWithThreshold(address owner, uint256 threshold)',
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address)',
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function enableModules(address[] modules)',
  'function configure((uint256 x, uint256 y, uint176 verifiers) signer)',
  'function removeOwner(address prevOwner, address owner, uint256 threshold)',
  'function changeThreshold(uint256 threshold)',
  'function createSigner(uint256 x, uint256 y, uint176 verifiers) returns (address signer)',
]);

type Call = { to: Address; data: Hex; value?: bigint; operation?: 0 | 1 };

const approve = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi, functionName: 'approve', args: [spender, amount] });
const deposit = (amount: bigint, receiver: Address) =>
  encodeFunctionData({ abi, functionName: 'deposit', args: [amount, receiver] });

function packed(calls: Call[]): Hex {
  return concat(
    calls.map((call) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [call.operation ?? 0, call.to, call.value ?? 0n, BigInt(size(call.data)), call.data],
      ),
    ),
  );
}

/** What permissionless sends: one call straight, several through MultiSendCallOnly by delegatecall. */
function callData(calls: Call[], multiSend: Address = SAFE_ACCOUNT_ADDRESSES.multiSendCallOnly): Hex {
  const [only] = calls;
  if (calls.length === 1 && only) {
    return encodeFunctionData({
      abi,
      functionName: 'executeUserOpWithErrorString',
      args: [only.to, only.value ?? 0n, only.data, only.operation ?? 0],
    });
  }
  const batch = encodeFunctionData({ abi, functionName: 'multiSend', args: [packed(calls)] });
  return encodeFunctionData({ abi, functionName: 'executeUserOpWithErrorString', args: [multiSend, 0n, batch, 1] });
}

function factoryData(options: { owners?: Address[]; x?: bigint; verifiers?: bigint; singleton?: Address } = {}): Hex {
  const setupSteps = packed([
    {
      to: SAFE_ACCOUNT_ADDRESSES.safeModuleSetup,
      operation: 1,
      data: encodeFunctionData({ abi, functionName: 'enableModules', args: [[SAFE_ACCOUNT_ADDRESSES.safe4337Module]] }),
    },
    {
      to: SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner,
      operation: 1,
      data: encodeFunctionData({
        abi,
        functionName: 'configure',
        args: [{ x: options.x ?? KEY.x, y: KEY.y, verifiers: options.verifiers ?? SAFE_P256_VERIFIERS }],
      }),
    },
  ]);
  const initializer = encodeFunctionData({
    abi,
    functionName: 'setup',
    args: [
      options.owners ?? [SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner, RECOVERY],
      1n,
      SAFE_ACCOUNT_ADDRESSES.multiSend,
      encodeFunctionData({ abi, functionName: 'multiSend', args: [setupSteps] }),
      SAFE_ACCOUNT_ADDRESSES.safe4337Module,
      '0x0000000000000000000000000000000000000000',
      0n,
      '0x0000000000000000000000000000000000000000',
    ],
  });
  return encodeFunctionData({
    abi,
    functionName: 'createProxyWithNonce',
    args: [options.singleton ?? SAFE_ACCOUNT_ADDRESSES.safe, initializer, 0n],
  });
}

const CAPS = { maxGas: 2_000_000n, maxFeePerGas: 5_000_000_000n };

function context(overrides: Partial<PolicyContext> = {}): PolicyContext {
  return {
    account: {
      userId: 'user-1',
      address: ACCOUNT,
      publicKeyX: `0x${KEY.x.toString(16)}`,
      publicKeyY: `0x${KEY.y.toString(16)}`,
      recoveryOwner: RECOVERY,
      verifier: SAFE_P256_VERIFIERS.toString(),
    },
    isDeployed: true,
    usdc: USDC,
    verifiedVaults: [VAULT],
    passkeys: [],
    owners: null,
    caps: CAPS,
    ...overrides,
  };
}

function op(calls: Call[], overrides: Partial<UserOperation> = {}): UserOperation {
  return {
    sender: ACCOUNT,
    nonce: 0n,
    callData: overrides.callData ?? callData(calls),
    callGasLimit: 150_000n,
    verificationGasLimit: 400_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: 1_000_000_000n,
    maxPriorityFeePerGas: 1_000_000n,
    paymasterVerificationGasLimit: 60_000n,
    paymasterPostOpGasLimit: 1n,
    ...overrides,
  };
}

const depositCalls = (amount = 25_000_000n): Call[] => [
  { to: USDC, data: approve(VAULT, amount) },
  { to: VAULT, data: deposit(amount, ACCOUNT) },
];

function refusalOf(decision: ReturnType<typeof decideSponsorship>): string {
  return decision.ok ? 'accepted' : decision.reason;
}

describe('the paymaster pays for saving', () => {
  it('accepts the exact approval plus deposit into a verified vault, counted at its worst-case cost', () => {
    const decision = decideSponsorship(op(depositCalls()), context());
    expect(decision).toEqual({
      ok: true,
      kind: 'deposit',
      maxCostWei: (150_000n + 400_000n + 60_000n + 60_000n + 1n) * 1_000_000_000n,
    });
  });

  it('accepts a withdrawal (redeem or withdraw) that pays the account from the account', () => {
    const redeem = encodeFunctionData({ abi, functionName: 'redeem', args: [10n, ACCOUNT, ACCOUNT] });
    const withdraw = encodeFunctionData({ abi, functionName: 'withdraw', args: [10n, ACCOUNT, ACCOUNT] });
    expect(decideSponsorship(op([{ to: VAULT, data: redeem }]), context())).toMatchObject({ ok: true, kind: 'withdraw' });
    expect(decideSponsorship(op([{ to: VAULT, data: withdraw }]), context())).toMatchObject({ ok: true, kind: 'withdraw' });
  });

  it('accepts a USDC send to another address', () => {
    const transfer = encodeFunctionData({ abi, functionName: 'transfer', args: [OTHER, 5_000_000n] });
    expect(decideSponsorship(op([{ to: USDC, data: transfer }]), context())).toMatchObject({ ok: true, kind: 'send' });
  });

  it('accepts the first operation deploying the account Keel stored', () => {
    const first = op(depositCalls(), { factory: lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory), factoryData: factoryData() });
    expect(decideSponsorship(first, context({ isDeployed: false }))).toMatchObject({ ok: true, kind: 'deposit' });
  });

  it('checks the calls but not the gas before estimation (the stub)', () => {
    const unestimated = op(depositCalls(), { callGasLimit: undefined, maxFeePerGas: undefined });
    expect(decideSponsorship(unestimated, context({ caps: null }))).toEqual({ ok: true, kind: 'deposit', maxCostWei: 0n });
  });
});

describe('the paymaster refuses everything else', () => {
  const cases: [string, UserOperation, PolicyContext, string][] = [
    [
      'an approval to another spender',
      op([
        { to: USDC, data: approve(OTHER, 25n) },
        { to: VAULT, data: deposit(25n, ACCOUNT) },
      ]),
      context(),
      'WRONG_SPENDER',
    ],
    [
      'another token approved',
      op([
        { to: OTHER_TOKEN, data: approve(VAULT, 25n) },
        { to: VAULT, data: deposit(25n, ACCOUNT) },
      ]),
      context(),
      'WRONG_TOKEN',
    ],
    [
      'a vault Keel has not verified',
      op([
        { to: USDC, data: approve(UNVERIFIED_VAULT, 25n) },
        { to: UNVERIFIED_VAULT, data: deposit(25n, ACCOUNT) },
      ]),
      context(),
      'UNVERIFIED_VAULT',
    ],
    [
      'an approval larger than the deposit',
      op([
        { to: USDC, data: approve(VAULT, 26n) },
        { to: VAULT, data: deposit(25n, ACCOUNT) },
      ]),
      context(),
      'AMOUNT_MISMATCH',
    ],
    [
      'shares deposited for someone else',
      op([
        { to: USDC, data: approve(VAULT, 25n) },
        { to: VAULT, data: deposit(25n, OTHER) },
      ]),
      context(),
      'WRONG_RECEIVER',
    ],
    [
      'a redeem paid to another address',
      op([{ to: VAULT, data: encodeFunctionData({ abi, functionName: 'redeem', args: [10n, OTHER, ACCOUNT] }) }]),
      context(),
      'WRONG_RECEIVER',
    ],
    [
      'a withdraw of another owner’s shares',
      op([{ to: VAULT, data: encodeFunctionData({ abi, functionName: 'withdraw', args: [10n, ACCOUNT, OTHER] }) }]),
      context(),
      'WRONG_RECEIVER',
    ],
    [
      'a redeem from an unverified vault',
      op([{ to: UNVERIFIED_VAULT, data: encodeFunctionData({ abi, functionName: 'redeem', args: [10n, ACCOUNT, ACCOUNT] }) }]),
      context(),
      'UNVERIFIED_VAULT',
    ],
    [
      'another token sent',
      op([{ to: OTHER_TOKEN, data: encodeFunctionData({ abi, functionName: 'transfer', args: [OTHER, 5n] }) }]),
      context(),
      'WRONG_TOKEN',
    ],
    [
      'a third call after the deposit',
      op([...depositCalls(), { to: USDC, data: encodeFunctionData({ abi, functionName: 'transfer', args: [OTHER, 5n] }) }]),
      context(),
      'UNKNOWN_CALLS',
    ],
    ['a deposit without its approval', op([{ to: VAULT, data: deposit(25n, ACCOUNT) }]), context(), 'UNKNOWN_CALLS'],
    [
      'an owner added without a passkey Keel verified',
      op([{ to: ACCOUNT, data: encodeFunctionData({ abi, functionName: 'addOwnerWithThreshold', args: [OTHER, 1n] }) }]),
      context(),
      'OWNER_CHANGE_NOT_ALLOWED',
    ],
    [
      'ETH sent along',
      op([{ to: USDC, data: encodeFunctionData({ abi, functionName: 'transfer', args: [OTHER, 5n] }), value: 1n }]),
      context(),
      'VALUE_NOT_ALLOWED',
    ],
    [
      'a delegate call in the batch',
      op([
        { to: USDC, data: approve(VAULT, 25n), operation: 1 },
        { to: VAULT, data: deposit(25n, ACCOUNT) },
      ]),
      context(),
      'UNKNOWN_CALLS',
    ],
    [
      'a batch through MultiSend (which can delegate)',
      op([], { callData: callData(depositCalls(), SAFE_ACCOUNT_ADDRESSES.multiSend) }),
      context(),
      'UNKNOWN_CALLS',
    ],
    ['a call not made through the 4337 module', op([], { callData: approve(VAULT, 25n) }), context(), 'NOT_SAFE_CALL'],
    ['a sender that is not a Keel account', op(depositCalls(), { sender: OTHER }), context(), 'NOT_KEEL_ACCOUNT'],
    ['no Keel account at all', op(depositCalls()), context({ account: null }), 'NOT_KEEL_ACCOUNT'],
    ['gas limits above the cap', op(depositCalls(), { callGasLimit: 1_500_000n }), context(), 'GAS_TOO_HIGH'],
    ['a fee above the cap', op(depositCalls(), { maxFeePerGas: 6_000_000_000n }), context(), 'FEE_TOO_HIGH'],
    [
      'a deployment once the account exists',
      op(depositCalls(), { factory: lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory), factoryData: factoryData() }),
      context(),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
    [
      'another factory',
      op(depositCalls(), { factory: OTHER, factoryData: factoryData() }),
      context({ isDeployed: false }),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
    [
      'another Safe singleton',
      op(depositCalls(), {
        factory: lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory),
        factoryData: factoryData({ singleton: OTHER }),
      }),
      context({ isDeployed: false }),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
    [
      'an extra owner',
      op(depositCalls(), {
        factory: lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory),
        factoryData: factoryData({ owners: [SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner, RECOVERY, OTHER] }),
      }),
      context({ isDeployed: false }),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
    [
      'another passkey',
      op(depositCalls(), { factory: lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory), factoryData: factoryData({ x: 0x9999n }) }),
      context({ isDeployed: false }),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
    [
      'another verifier setting',
      op(depositCalls(), {
        factory: lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory),
        factoryData: factoryData({ verifiers: 0x100n }),
      }),
      context({ isDeployed: false }),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
    [
      'an undeployed account without its deployment',
      op(depositCalls()),
      context({ isDeployed: false }),
      'DEPLOYMENT_NOT_ALLOWED',
    ],
  ];

  it.each(cases)('refuses %s', (_name, operation, policyContext, reason) => {
    expect(refusalOf(decideSponsorship(operation, policyContext))).toBe(reason);
  });

  it('tells the saver why in a sentence', () => {
    const decision = decideSponsorship(op(depositCalls(), { sender: OTHER }), context());
    expect(decision).toEqual({ ok: false, reason: 'NOT_KEEL_ACCOUNT', message: 'Keel only pays for its own savings accounts.' });
  });
});

describe('the paymaster pays for changing the account’s passkeys, and for nothing more', () => {
  const SHARED = lower(SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner);
  const FACTORY = lower(SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory);
  const SENTINEL = lower('0x0000000000000000000000000000000000000001');
  const NEW_SIGNER = lower('0x8888888888888888888888888888888888888888');
  const NEW_KEY = { x: 0xabcdn, y: 0xef01n };
  const known = { publicKeyX: `0x${NEW_KEY.x.toString(16)}`, publicKeyY: `0x${NEW_KEY.y.toString(16)}`, signer: NEW_SIGNER };
  const owners = (...list: Address[]) => context({ passkeys: [known], owners: list });

  const createSigner = (x = NEW_KEY.x, verifiers = SAFE_P256_VERIFIERS) =>
    encodeFunctionData({ abi, functionName: 'createSigner', args: [x, NEW_KEY.y, verifiers] });
  const addOwner = (owner: Address, threshold = 1n) =>
    encodeFunctionData({ abi, functionName: 'addOwnerWithThreshold', args: [owner, threshold] });
  const removeOwner = (owner: Address, threshold = 1n, prev: Address = SENTINEL) =>
    encodeFunctionData({ abi, functionName: 'removeOwner', args: [prev, owner, threshold] });
  const adding = (create: Hex = createSigner(), add: Hex = addOwner(NEW_SIGNER)) =>
    op([
      { to: FACTORY, data: create },
      { to: ACCOUNT, data: add },
    ]);

  it('accepts adding a passkey Keel verified: its signer made by the factory, then added with threshold 1', () => {
    const decision = decideSponsorship(adding(), owners(SHARED, RECOVERY));
    expect(decision).toMatchObject({ ok: true, kind: 'owners' });
  });

  it('accepts removing a passkey while another passkey and the recovery key remain', () => {
    const decision = decideSponsorship(op([{ to: ACCOUNT, data: removeOwner(SHARED) }]), owners(NEW_SIGNER, SHARED, RECOVERY));
    expect(decision).toMatchObject({ ok: true, kind: 'owners' });
  });

  it.each<[string, UserOperation, PolicyContext]>([
    ['a key Keel never verified', adding(createSigner(0x999n)), owners(SHARED, RECOVERY)],
    ['another verifier setting', adding(createSigner(NEW_KEY.x, 0n)), owners(SHARED, RECOVERY)],
    ['another owner than the verified key’s signer', adding(createSigner(), addOwner(OTHER)), owners(SHARED, RECOVERY)],
    ['a threshold of 2', adding(createSigner(), addOwner(NEW_SIGNER, 2n)), owners(SHARED, RECOVERY)],
    ['an owner added without its signer made first', op([{ to: ACCOUNT, data: addOwner(NEW_SIGNER) }]), owners(SHARED, RECOVERY)],
    ['a passkey that already owns it', adding(), owners(NEW_SIGNER, SHARED, RECOVERY)],
    [
      'the owner change with a deposit slipped in',
      op([
        { to: FACTORY, data: createSigner() },
        { to: ACCOUNT, data: addOwner(NEW_SIGNER) },
        { to: USDC, data: approve(VAULT, 1n) },
      ]),
      owners(SHARED, RECOVERY),
    ],
    ['removing the recovery key', op([{ to: ACCOUNT, data: removeOwner(RECOVERY) }]), owners(NEW_SIGNER, SHARED, RECOVERY)],
    ['removing the last passkey', op([{ to: ACCOUNT, data: removeOwner(SHARED) }]), owners(SHARED, RECOVERY)],
    [
      'removing an owner the Safe does not list',
      op([{ to: ACCOUNT, data: removeOwner(OTHER) }]),
      owners(NEW_SIGNER, SHARED, RECOVERY),
    ],
    [
      'removing with a threshold of 2',
      op([{ to: ACCOUNT, data: removeOwner(SHARED, 2n) }]),
      owners(NEW_SIGNER, SHARED, RECOVERY),
    ],
    [
      'changing the threshold',
      op([{ to: ACCOUNT, data: encodeFunctionData({ abi, functionName: 'changeThreshold', args: [1n] }) }]),
      owners(NEW_SIGNER, SHARED, RECOVERY),
    ],
  ])('refuses %s', (_label, operation, policyContext) => {
    const decision = decideSponsorship(operation, policyContext);
    expect(decision).toMatchObject({ ok: false, reason: 'OWNER_CHANGE_NOT_ALLOWED' });
  });

  it('says in plain words why the last passkey and the recovery key stay', () => {
    const last = decideSponsorship(op([{ to: ACCOUNT, data: removeOwner(SHARED) }]), owners(SHARED, RECOVERY));
    expect(last).toMatchObject({ message: expect.stringMatching(/last passkey cannot be removed/) });
    const recovery = decideSponsorship(op([{ to: ACCOUNT, data: removeOwner(RECOVERY) }]), owners(NEW_SIGNER, SHARED, RECOVERY));
    expect(recovery).toMatchObject({ message: expect.stringMatching(/recovery key always stays/) });
  });
});
