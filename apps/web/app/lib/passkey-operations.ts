import type { PasskeyAccount } from '@keel/core/passkey-account';
import { SAFE_ACCOUNT_SETTINGS } from '@keel/core/safe-account';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { concatHex, createPublicClient, http, type Address, type Hash, type TransactionReceipt } from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  toWebAuthnAccount,
  type ToWebAuthnAccountParameters,
} from 'viem/account-abstraction';
import { readContract, waitForTransactionReceipt } from 'viem/actions';
import { VAULT_ABI } from '~/lib/vault-calls';
import { passkeyCalls, type Call } from '~/lib/passkey-calls';

/** Keel's ERC-7677 paymaster: it pays the network fee for saving operations only. */
export const PAYMASTER_PATH = '/api/paymaster';
/** How long to wait for the bundler to include an operation before saying so. */
const INCLUSION_TIMEOUT_MS = 3 * 60_000;

export type PasskeySettings = {
  account: Pick<PasskeyAccount, 'address' | 'credentialId' | 'publicKeyX' | 'publicKeyY' | 'recoveryOwner'>;
  rpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  /** CHAIN_CONFIRMATIONS: the operation counts as done only this many blocks deep. */
  confirmations: number;
  /** navigator.credentials.get by default (ox asks for this credential only, with user verification). */
  getFn?: ToWebAuthnAccountParameters['getFn'];
};

export class PasskeyOperationError extends Error {
  readonly hash: Hash | null;
  constructor(message: string, hash: Hash | null = null) {
    super(message);
    this.name = 'PasskeyOperationError';
    this.hash = hash;
  }
}

/**
 * The saver's Safe as a bundler client: the passkey signs (one prompt per
 * operation), the bundler on BUNDLER_URL delivers, Keel's paymaster pays. The
 * address is computed again here and must equal the one the server stored, or
 * nothing is signed: both sides must describe the very same account.
 */
export async function connectPasskeyAccount(settings: PasskeySettings) {
  const chain = {
    id: settings.chainId,
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  } as const;
  const client = createPublicClient({ chain, transport: http(settings.rpcUrl) });
  const { account } = settings;
  const passkey = toWebAuthnAccount({
    credential: { id: account.credentialId, publicKey: concatHex([account.publicKeyX, account.publicKeyY]) },
    rpId: window.location.hostname,
    ...(settings.getFn ? { getFn: settings.getFn } : {}),
  });
  const safe = await toSafeSmartAccount({
    ...SAFE_ACCOUNT_SETTINGS,
    client,
    owners: [passkey, { type: 'json-rpc', address: account.recoveryOwner }],
  });
  if ((await safe.getAddress()).toLowerCase() !== account.address.toLowerCase()) {
    throw new PasskeyOperationError('This savings account does not match its passkey. Please contact support.');
  }
  const paymaster = createPaymasterClient({
    transport: http(new URL(PAYMASTER_PATH, window.location.origin).href, { fetchOptions: { credentials: 'same-origin' } }),
  });
  const bundler = createBundlerClient({ account: safe, client, chain, transport: http(settings.bundlerUrl), paymaster });
  return { client, bundler, address: account.address };
}

type Connected = Awaited<ReturnType<typeof connectPasskeyAccount>>;

export type OperationEvents = {
  /** The operation is being estimated; the passkey prompt comes next. */
  onSigning?: () => void;
  /** The transaction that carried the operation exists: record it with the server, say "Initiated". */
  onSubmitted: (hash: Hash) => void;
};

/**
 * One UserOperation: estimated by the bundler first (a call that would revert
 * stops here, before any prompt), signed with the passkey, then followed to its
 * receipt and CHAIN_CONFIRMATIONS deep.
 */
async function runOperation(
  connected: Connected,
  calls: Call[],
  events: OperationEvents & { confirmations: number },
): Promise<TransactionReceipt> {
  const { bundler, client } = connected;
  events.onSigning?.();
  // viem estimates with the bundler (and the paymaster's stub) before it asks the passkey to sign:
  // an operation that would revert fails here, without a prompt.
  const userOpHash = await bundler.sendUserOperation({ calls });
  const result = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: INCLUSION_TIMEOUT_MS });
  const hash = result.receipt.transactionHash;
  events.onSubmitted(hash);
  if (!result.success) throw new PasskeyOperationError(result.reason ?? 'The operation was reverted on Base.', hash);
  return waitForTransactionReceipt(client, { hash, confirmations: Math.max(1, events.confirmations) });
}

export type PasskeyOperationRequest = OperationEvents & { confirmations: number };

/** Deposit: the exact approve and the deposit in one operation (one passkey prompt). */
export async function depositWithPasskey(
  connected: Connected,
  request: PasskeyOperationRequest & { usdc: Address; vault: Address; assets: bigint },
): Promise<TransactionReceipt> {
  return runOperation(connected, passkeyCalls.deposit({ ...request, account: connected.address }), request);
}

/** Max withdraw: every share the account holds (read just before), so none is left behind. */
export async function redeemAllWithPasskey(
  connected: Connected,
  request: PasskeyOperationRequest & { vault: Address; onShares?: (shares: bigint) => void },
): Promise<TransactionReceipt> {
  const shares = await readContract(connected.client, {
    address: request.vault,
    abi: VAULT_ABI,
    functionName: 'balanceOf',
    args: [connected.address],
  });
  request.onShares?.(shares);
  return runOperation(connected, passkeyCalls.redeemAll({ vault: request.vault, shares, account: connected.address }), request);
}

export async function withdrawWithPasskey(
  connected: Connected,
  request: PasskeyOperationRequest & { vault: Address; assets: bigint },
): Promise<TransactionReceipt> {
  return runOperation(connected, passkeyCalls.withdraw({ ...request, account: connected.address }), request);
}

/** Send: USDC out of the account to an address the saver typed (checked by the form first). */
export async function sendWithPasskey(
  connected: Connected,
  request: PasskeyOperationRequest & { usdc: Address; to: Address; amount: bigint },
): Promise<TransactionReceipt> {
  return runOperation(connected, passkeyCalls.send(request), request);
}
