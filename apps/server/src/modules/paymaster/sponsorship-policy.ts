import type { Address } from '@keel/core/address';
import {
  SAFE_ACCOUNT_ADDRESSES,
  SAFE_OWNER_ABI,
  SAFE_P256_VERIFIERS,
  WEBAUTHN_SIGNER_FACTORY_ABI,
} from '@keel/core/safe-account';
import { decodeFunctionData, hexToBigInt, parseAbi, size, slice, type Hex } from 'viem';
import type { SponsoredOperationKind } from '../../db/schema.js';
import { totalGasLimit, type UserOperation } from './user-operation.js';

/**
 * What Keel's paymaster pays for, decided from the UserOperation's own bytes (never from what
 * the browser says about it): saving into a verified vault, taking money out of one to the
 * account, sending USDC out, the account's deployment in its first operation, and changing its
 * passkeys (adding one Keel verified, removing one while another passkey and the recovery key stay).
 */

export type StoredPasskeyAccount = {
  userId: string;
  address: Address;
  publicKeyX: string;
  publicKeyY: string;
  recoveryOwner: Address;
  verifier: string;
};

/** A passkey Keel verified for the account (not removed), with the signer the factory gives its key. */
export type KnownPasskey = { publicKeyX: string; publicKeyY: string; signer: Address };

export type PolicyContext = {
  /** The Keel passkey account whose address is the operation's sender, or null. */
  account: StoredPasskeyAccount | null;
  /** Whether the sender already has code on chain (deployed by an earlier operation). */
  isDeployed: boolean;
  usdc: Address;
  /** The vaults that passed verification (lower-cased). */
  verifiedVaults: readonly Address[];
  /** The account's passkeys Keel recorded and has not seen removed. */
  passkeys: readonly KnownPasskey[];
  /** The Safe's owners as the chain lists them (lower-cased), read only for an owner change; null otherwise. */
  owners: readonly Address[] | null;
  /** Gas caps; null before estimation (the stub call), when the limits are not known yet. */
  caps: { maxGas: bigint; maxFeePerGas: bigint } | null;
};

export const REFUSAL_REASONS = [
  'NOT_KEEL_ACCOUNT',
  'NOT_SAFE_CALL',
  'UNKNOWN_CALLS',
  'VALUE_NOT_ALLOWED',
  'WRONG_TOKEN',
  'WRONG_SPENDER',
  'UNVERIFIED_VAULT',
  'AMOUNT_MISMATCH',
  'WRONG_RECEIVER',
  'DEPLOYMENT_NOT_ALLOWED',
  'OWNER_CHANGE_NOT_ALLOWED',
  'GAS_TOO_HIGH',
  'FEE_TOO_HIGH',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type PolicyDecision =
  { ok: true; kind: SponsoredOperationKind; maxCostWei: bigint } | { ok: false; reason: RefusalReason; message: string };

const safe4337ModuleAbi = parseAbi([
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
]);
const multiSendAbi = parseAbi(['function multiSend(bytes transactions)']);
const tokenAbi = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);
const vaultAbi = parseAbi([
  'function deposit(uint256 assets, address receiver) returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
  'function withdraw(uint256 assets, address receiver, address owner) returns (uint256)',
]);
const proxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address)',
]);
const safeSetupAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
]);
const moduleSetupAbi = parseAbi(['function enableModules(address[] modules)']);
const sharedSignerAbi = parseAbi(['function configure((uint256 x, uint256 y, uint176 verifiers) signer)']);
const safeOwnerAbi = parseAbi(SAFE_OWNER_ABI);
const signerFactoryAbi = parseAbi(WEBAUTHN_SIGNER_FACTORY_ABI);

type Call = { operation: number; to: Address; value: bigint; data: Hex };

const lower = (address: string) => address.toLowerCase() as Address;

class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

function refuse(reason: RefusalReason, message: string): never {
  throw new Refusal(reason, message);
}

function decodeOrRefuse<T>(decode: () => T, reason: RefusalReason, message: string): T {
  try {
    return decode();
  } catch {
    return refuse(reason, message);
  }
}

/** MultiSend's packed transactions: uint8 operation, address to, uint256 value, uint256 length, bytes data. */
export function decodeMultiSend(transactions: Hex): Call[] {
  const calls: Call[] = [];
  let offset = 0;
  const total = size(transactions);
  while (offset < total) {
    if (offset + 85 > total) throw new Error('truncated MultiSend transaction');
    const operation = Number(hexToBigInt(slice(transactions, offset, offset + 1)));
    const to = lower(slice(transactions, offset + 1, offset + 21));
    const value = hexToBigInt(slice(transactions, offset + 21, offset + 53));
    const length = Number(hexToBigInt(slice(transactions, offset + 53, offset + 85)));
    if (offset + 85 + length > total) throw new Error('truncated MultiSend data');
    const data = length === 0 ? '0x' : slice(transactions, offset + 85, offset + 85 + length);
    calls.push({ operation, to, value, data });
    offset += 85 + length;
  }
  return calls;
}

/** The calls the Safe will make: one plain call, or a batch delegated to MultiSendCallOnly. */
function accountCalls(callData: Hex): Call[] {
  const { args } = decodeOrRefuse(
    () => decodeFunctionData({ abi: safe4337ModuleAbi, data: callData }),
    'NOT_SAFE_CALL',
    'The operation is not a call through the Safe 4337 module.',
  );
  const [to, value, data, operation] = args;
  if (operation === 0) return [{ operation: 0, to: lower(to), value, data }];
  if (operation === 1 && lower(to) === lower(SAFE_ACCOUNT_ADDRESSES.multiSendCallOnly) && value === 0n) {
    const { args: batch } = decodeOrRefuse(
      () => decodeFunctionData({ abi: multiSendAbi, data }),
      'UNKNOWN_CALLS',
      'The batch of calls could not be read.',
    );
    return decodeOrRefuse(() => decodeMultiSend(batch[0]), 'UNKNOWN_CALLS', 'The batch of calls could not be read.');
  }
  return refuse('UNKNOWN_CALLS', 'The operation delegates to a contract Keel does not pay for.');
}

function requirePlainCalls(calls: Call[]): void {
  for (const call of calls) {
    if (call.operation !== 0) refuse('UNKNOWN_CALLS', 'A call in the batch is a delegate call.');
    if (call.value !== 0n) refuse('VALUE_NOT_ALLOWED', 'Keel does not pay for operations that send ETH.');
  }
}

function isTokenCall(data: Hex, name: 'approve' | 'transfer'): boolean {
  try {
    return decodeFunctionData({ abi: tokenAbi, data }).functionName === name;
  } catch {
    return false;
  }
}

function requireVault(context: PolicyContext, vault: Address): void {
  if (!context.verifiedVaults.includes(vault)) refuse('UNVERIFIED_VAULT', 'The vault is not one of Keel’s verified vaults.');
}

/** approve(vault, x) on USDC, then vault.deposit(x, account). */
function checkDeposit(calls: Call[], context: PolicyContext, sender: Address): SponsoredOperationKind {
  const [approveCall, depositCall] = calls;
  if (!approveCall || !depositCall) return refuse('UNKNOWN_CALLS', 'A deposit is exactly an approval and a deposit.');
  if (approveCall.to !== context.usdc) refuse('WRONG_TOKEN', 'Keel only pays for approving USDC.');
  const approve = decodeOrRefuse(
    () => decodeFunctionData({ abi: tokenAbi, data: approveCall.data }),
    'UNKNOWN_CALLS',
    'The first call is not a USDC approval.',
  );
  if (approve.functionName !== 'approve') refuse('UNKNOWN_CALLS', 'The first call is not a USDC approval.');
  const [spender, allowance] = approve.args;
  const vault = lower(spender);
  if (depositCall.to !== vault) refuse('WRONG_SPENDER', 'The approval is for another contract than the vault deposited into.');
  requireVault(context, vault);
  const deposit = decodeOrRefuse(
    () => decodeFunctionData({ abi: vaultAbi, data: depositCall.data }),
    'UNKNOWN_CALLS',
    'The second call is not a vault deposit.',
  );
  if (deposit.functionName !== 'deposit') refuse('UNKNOWN_CALLS', 'The second call is not a vault deposit.');
  const [assets, receiver] = deposit.args;
  if (assets === 0n || assets !== allowance) refuse('AMOUNT_MISMATCH', 'The approval must be for exactly the amount deposited.');
  if (lower(receiver) !== sender) refuse('WRONG_RECEIVER', 'The vault shares must go to the savings account itself.');
  return 'deposit';
}

/** One call: vault.redeem / vault.withdraw to the account from the account, or USDC.transfer out. */
function checkSingle(call: Call, context: PolicyContext, sender: Address): SponsoredOperationKind {
  if (call.to === context.usdc) {
    const transfer = decodeOrRefuse(
      () => decodeFunctionData({ abi: tokenAbi, data: call.data }),
      'UNKNOWN_CALLS',
      'Keel only pays for sending USDC with transfer.',
    );
    if (transfer.functionName !== 'transfer') refuse('UNKNOWN_CALLS', 'Keel only pays for sending USDC with transfer.');
    const [to, amount] = transfer.args;
    if (amount === 0n || lower(to) === sender) refuse('UNKNOWN_CALLS', 'A send moves a positive amount to another address.');
    return 'send';
  }
  if (isTokenCall(call.data, 'transfer')) refuse('WRONG_TOKEN', 'Keel only pays for sending USDC.');
  requireVault(context, call.to);
  const taken = decodeOrRefuse(
    () => decodeFunctionData({ abi: vaultAbi, data: call.data }),
    'UNKNOWN_CALLS',
    'Keel only pays for withdrawing from a vault.',
  );
  if (taken.functionName === 'deposit') refuse('UNKNOWN_CALLS', 'A deposit must come with its exact USDC approval.');
  const [, receiver, owner] = taken.args;
  if (lower(receiver) !== sender || lower(owner) !== sender) {
    refuse('WRONG_RECEIVER', 'Withdrawn money must go back to the savings account itself.');
  }
  return 'withdraw';
}

/**
 * The deployment, allowed only while the account has no code: Safe 1.4.1 through the canonical
 * proxy factory, owned by the stored passkey (the shared signer, configured with the stored key and
 * verifier setting) and the stored recovery key, with the 4337 module. The EntryPoint itself checks
 * that the factory creates exactly the sender.
 */
function checkDeployment(op: UserOperation, context: PolicyContext, account: StoredPasskeyAccount): void {
  if (!op.factory) {
    if (!context.isDeployed) refuse('DEPLOYMENT_NOT_ALLOWED', 'The account’s first operation must deploy it.');
    return;
  }
  if (context.isDeployed) refuse('DEPLOYMENT_NOT_ALLOWED', 'The account is already deployed.');
  const notKeels = 'The deployment is not the Safe Keel set up for this account.';
  if (op.factory !== lower(SAFE_ACCOUNT_ADDRESSES.safeProxyFactory)) refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  const created = decodeOrRefuse(
    () => decodeFunctionData({ abi: proxyFactoryAbi, data: op.factoryData ?? '0x' }),
    'DEPLOYMENT_NOT_ALLOWED',
    notKeels,
  );
  const [singleton, initializer] = created.args;
  if (lower(singleton) !== lower(SAFE_ACCOUNT_ADDRESSES.safe)) refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  const setup = decodeOrRefuse(
    () => decodeFunctionData({ abi: safeSetupAbi, data: initializer }),
    'DEPLOYMENT_NOT_ALLOWED',
    notKeels,
  );
  const [owners, threshold, to, data, fallbackHandler, , payment] = setup.args;
  const ownerSet = new Set(owners.map(lower));
  const expectedOwners = [lower(SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner), account.recoveryOwner];
  if (ownerSet.size !== owners.length || ownerSet.size !== 2 || !expectedOwners.every((owner) => ownerSet.has(owner))) {
    refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  }
  if (threshold !== 1n || payment !== 0n || lower(fallbackHandler) !== lower(SAFE_ACCOUNT_ADDRESSES.safe4337Module)) {
    refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  }
  if (lower(to) !== lower(SAFE_ACCOUNT_ADDRESSES.multiSend)) refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  const batch = decodeOrRefuse(() => decodeFunctionData({ abi: multiSendAbi, data }), 'DEPLOYMENT_NOT_ALLOWED', notKeels);
  const steps = decodeOrRefuse(() => decodeMultiSend(batch.args[0]), 'DEPLOYMENT_NOT_ALLOWED', notKeels);
  const [enable, configure, ...extra] = steps;
  if (!enable || !configure || extra.length > 0) refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  const modules = decodeOrRefuse(
    () => decodeFunctionData({ abi: moduleSetupAbi, data: enable.data }),
    'DEPLOYMENT_NOT_ALLOWED',
    notKeels,
  );
  if (
    enable.operation !== 1 ||
    enable.to !== lower(SAFE_ACCOUNT_ADDRESSES.safeModuleSetup) ||
    modules.args[0].length !== 1 ||
    lower(modules.args[0][0] ?? '0x') !== lower(SAFE_ACCOUNT_ADDRESSES.safe4337Module)
  ) {
    refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  }
  const signer = decodeOrRefuse(
    () => decodeFunctionData({ abi: sharedSignerAbi, data: configure.data }),
    'DEPLOYMENT_NOT_ALLOWED',
    notKeels,
  );
  const { x, y, verifiers } = signer.args[0];
  if (
    configure.operation !== 1 ||
    configure.to !== lower(SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner) ||
    x !== BigInt(account.publicKeyX) ||
    y !== BigInt(account.publicKeyY) ||
    verifiers !== BigInt(account.verifier)
  ) {
    refuse('DEPLOYMENT_NOT_ALLOWED', notKeels);
  }
}

/** Whether the operation changes the Safe's owners: every call goes to the account itself or the signer factory. */
export function isOwnerChange(callData: Hex, sender: Address): boolean {
  try {
    const factory = lower(SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory);
    return accountCalls(callData).some((call) => call.to === sender || call.to === factory);
  } catch {
    return false;
  }
}

const OWNER_CHANGE = 'OWNER_CHANGE_NOT_ALLOWED';

/**
 * Adding a passkey: the signer factory makes the signer for a key Keel verified for this account
 * (with the fixed verifier setting), then the account adds exactly that signer, keeping threshold 1.
 */
function checkAddPasskey(calls: Call[], context: PolicyContext, sender: Address): void {
  const [create, add] = calls;
  const notKeels = 'Keel only pays for adding a passkey it verified for this account.';
  if (!create || !add || calls.length !== 2) refuse(OWNER_CHANGE, notKeels);
  if (create.to !== lower(SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory) || add.to !== sender) refuse(OWNER_CHANGE, notKeels);
  const created = decodeOrRefuse(() => decodeFunctionData({ abi: signerFactoryAbi, data: create.data }), OWNER_CHANGE, notKeels);
  if (created.functionName !== 'createSigner') refuse(OWNER_CHANGE, notKeels);
  const [x, y, verifiers] = created.args;
  if (verifiers !== SAFE_P256_VERIFIERS) refuse(OWNER_CHANGE, notKeels);
  const passkey = context.passkeys.find((known) => BigInt(known.publicKeyX) === x && BigInt(known.publicKeyY) === y);
  if (!passkey) refuse(OWNER_CHANGE, notKeels);
  const added = decodeOrRefuse(() => decodeFunctionData({ abi: safeOwnerAbi, data: add.data }), OWNER_CHANGE, notKeels);
  if (added.functionName !== 'addOwnerWithThreshold') refuse(OWNER_CHANGE, notKeels);
  const [owner, threshold] = added.args;
  if (threshold !== 1n) refuse(OWNER_CHANGE, 'An account’s passkeys never change how many must approve (always one).');
  if (lower(owner) !== passkey.signer) refuse(OWNER_CHANGE, notKeels);
  if (context.owners?.includes(passkey.signer)) refuse(OWNER_CHANGE, 'This passkey already owns the account.');
}

/**
 * Removing a passkey: one call from the account to itself, threshold 1, never the recovery key, and
 * never the last passkey: the recovery key and at least one passkey still own the account after.
 */
function checkRemovePasskey(call: Call, context: PolicyContext, account: StoredPasskeyAccount): void {
  const notAllowed = 'Keel only pays for removing a passkey while another passkey and the recovery key remain.';
  if (call.to !== account.address) refuse(OWNER_CHANGE, notAllowed);
  const removed = decodeOrRefuse(() => decodeFunctionData({ abi: safeOwnerAbi, data: call.data }), OWNER_CHANGE, notAllowed);
  if (removed.functionName !== 'removeOwner') refuse(OWNER_CHANGE, notAllowed);
  const [, owner, threshold] = removed.args;
  if (threshold !== 1n) refuse(OWNER_CHANGE, 'An account’s passkeys never change how many must approve (always one).');
  const leaving = lower(owner);
  if (leaving === account.recoveryOwner) refuse(OWNER_CHANGE, 'The recovery key always stays an owner of the account.');
  const owners = context.owners ?? [];
  if (!owners.includes(leaving)) refuse(OWNER_CHANGE, notAllowed);
  const remaining = owners.filter((kept) => kept !== leaving);
  if (!remaining.includes(account.recoveryOwner) || remaining.length < 2) {
    refuse(OWNER_CHANGE, 'The last passkey cannot be removed: add another one first.');
  }
}

function checkOwnerChange(calls: Call[], context: PolicyContext, account: StoredPasskeyAccount): SponsoredOperationKind {
  if (calls.length === 1 && calls[0]) checkRemovePasskey(calls[0], context, account);
  else checkAddPasskey(calls, context, account.address);
  return 'owners';
}

function checkGas(op: UserOperation, caps: NonNullable<PolicyContext['caps']>): bigint {
  const maxFeePerGas = op.maxFeePerGas ?? 0n;
  if (maxFeePerGas > caps.maxFeePerGas) refuse('FEE_TOO_HIGH', 'The network fee asked is above what Keel pays.');
  if ((op.maxPriorityFeePerGas ?? 0n) > maxFeePerGas) refuse('FEE_TOO_HIGH', 'The priority fee is above the fee cap.');
  const gas = totalGasLimit(op);
  if (gas > caps.maxGas) refuse('GAS_TOO_HIGH', 'The operation may use more gas than Keel pays for.');
  return gas * maxFeePerGas;
}

/** The decision for one operation; quotas and the budget are counted by the caller, in the database. */
export function decideSponsorship(op: UserOperation, context: PolicyContext): PolicyDecision {
  try {
    const account = context.account;
    if (!account || account.address !== op.sender) {
      refuse('NOT_KEEL_ACCOUNT', 'Keel only pays for its own savings accounts.');
    }
    checkDeployment(op, context, account);
    const calls = accountCalls(op.callData);
    requirePlainCalls(calls);
    let kind: SponsoredOperationKind;
    if (isOwnerChange(op.callData, op.sender)) kind = checkOwnerChange(calls, context, account);
    else if (calls.length === 2) kind = checkDeposit(calls, context, op.sender);
    else if (calls.length === 1 && calls[0]) kind = checkSingle(calls[0], context, op.sender);
    else kind = refuse('UNKNOWN_CALLS', 'Keel only pays for a deposit, a withdrawal, a send or a passkey change.');
    const maxCostWei = context.caps ? checkGas(op, context.caps) : 0n;
    return { ok: true, kind, maxCostWei };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}
