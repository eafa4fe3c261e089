import { RECEIPT_POLLING_MS } from '@keel/core/constants';
import { isActivePasskey, type AccountPasskey, type PasskeyAccount } from '@keel/core/passkey-account';
import {
  SAFE_ACCOUNT_ADDRESSES,
  SAFE_ACCOUNT_SETTINGS,
  SAFE_OWNER_ABI,
  SAFE_OWNERS_SENTINEL,
  SAFE_P256_VERIFIERS,
  WEBAUTHN_SIGNER_FACTORY_ABI,
  withPasskeySigner,
} from '@keel/core/safe-account';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { SafeSmartAccount } from 'permissionless/accounts/safe';
import {
  concatHex,
  createPublicClient,
  encodeFunctionData,
  http,
  parseAbi,
  type Address,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  toWebAuthnAccount,
  type ToWebAuthnAccountParameters,
  type WebAuthnAccount,
} from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { readContract, waitForTransactionReceipt } from 'viem/actions';
import { VAULT_ABI } from '~/lib/vault-calls';
import { passkeyCalls, type Call } from '~/lib/passkey-calls';

/** Keel's ERC-7677 paymaster: it pays the network fee for saving operations only. */
export const PAYMASTER_PATH = '/api/paymaster';
/** How long to wait for the bundler to include an operation before saying so. */
const INCLUSION_TIMEOUT_MS = 3 * 60_000;

export type PasskeySettings = {
  account: Pick<PasskeyAccount, 'address' | 'credentialId' | 'publicKeyX' | 'publicKeyY' | 'recoveryOwner' | 'passkeys'>;
  rpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  /** CHAIN_CONFIRMATIONS: the operation counts as done only this many blocks deep. */
  confirmations: number;
  /** navigator.credentials.get by default (ox asks for this credential only, with user verification). */
  getFn?: ToWebAuthnAccountParameters['getFn'];
  /**
   * The recovery key from the saver's recovery kit, to sign with instead of a passkey. It stays in
   * this browser: only its signature leaves, inside the operation.
   */
  recoveryKey?: `0x${string}`;
};

const safeOwnerAbi = parseAbi(SAFE_OWNER_ABI);
const signerFactoryAbi = parseAbi(WEBAUTHN_SIGNER_FACTORY_ABI);

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** navigator.credentials.get; ox types its options with its own BufferSource, which is the DOM's. */
const askTheBrowser: NonNullable<ToWebAuthnAccountParameters['getFn']> = (options) =>
  window.navigator.credentials.get(options as CredentialRequestOptions);

/**
 * The account's passkey as permissionless's owner, answering with whichever active passkey this
 * device holds: the browser is offered all of them and the one that signs is remembered, so its
 * own signer can be named in the signature.
 */
type PasskeyOwner = Pick<AccountPasskey, 'credentialId' | 'signer'>;

function anyActivePasskey(settings: PasskeySettings): { owner: WebAuthnAccount; answered: () => PasskeyOwner | null } {
  const { account } = settings;
  const listed: PasskeyOwner[] = account.passkeys.filter(isActivePasskey);
  // An account answered without its passkeys list still has its first passkey, through the shared signer.
  const first = {
    credentialId: account.credentialId,
    signer: SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.toLowerCase() as Address,
  };
  const active = listed.length > 0 ? listed : [first];
  const get = settings.getFn ?? askTheBrowser;
  const allowCredentials = active.map((passkey) => ({ id: base64urlBytes(passkey.credentialId), type: 'public-key' as const }));
  const passkey = toWebAuthnAccount({
    credential: { id: account.credentialId, publicKey: concatHex([account.publicKeyX, account.publicKeyY]) },
    rpId: window.location.hostname,
    getFn: (options) => get(options?.publicKey ? { ...options, publicKey: { ...options.publicKey, allowCredentials } } : options),
  });
  let answered: PasskeyOwner | null = null;
  const owner: WebAuthnAccount = {
    ...passkey,
    async sign(parameters) {
      answered = null;
      const result = await passkey.sign(parameters);
      answered = active.find((candidate) => candidate.credentialId === result.raw.id) ?? null;
      return result;
    },
  };
  return { owner, answered: () => answered };
}

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
  const { account, recoveryKey } = settings;
  const passkey = anyActivePasskey(settings);
  // The first passkey and the recovery key's address fix the Safe's address (and its deployment).
  const safe = await toSafeSmartAccount({
    ...SAFE_ACCOUNT_SETTINGS,
    client,
    owners: [passkey.owner, { type: 'json-rpc', address: account.recoveryOwner }],
  });
  if ((await safe.getAddress()).toLowerCase() !== account.address.toLowerCase()) {
    throw new PasskeyOperationError('This savings account does not match its passkey. Please contact support.');
  }
  const recovery = recoveryKey ? privateKeyToAccount(recoveryKey) : null;
  if (recovery && recovery.address.toLowerCase() !== account.recoveryOwner.toLowerCase()) {
    throw new PasskeyOperationError('This recovery key does not belong to this savings account.');
  }
  const signWithPasskey = safe.signUserOperation;
  const signer: typeof safe = {
    ...safe,
    async signUserOperation(operation) {
      if (recovery) {
        const { chainId = settings.chainId, ...userOperation } = operation;
        return SafeSmartAccount.signUserOperation({
          ...userOperation,
          sender: account.address,
          chainId,
          version: SAFE_ACCOUNT_SETTINGS.version,
          entryPoint: SAFE_ACCOUNT_SETTINGS.entryPoint,
          safe4337ModuleAddress: SAFE_ACCOUNT_SETTINGS.safe4337ModuleAddress,
          owners: [recovery],
          account: recovery,
        });
      }
      const signature = await signWithPasskey(operation);
      const used = passkey.answered();
      if (!used) throw new PasskeyOperationError('This passkey is not one of your savings account’s passkeys any more.');
      return used.signer === SAFE_ACCOUNT_ADDRESSES.webAuthnSharedSigner.toLowerCase()
        ? signature
        : withPasskeySigner(signature, used.signer);
    },
  };
  const paymaster = createPaymasterClient({
    transport: http(new URL(PAYMASTER_PATH, window.location.origin).href, { fetchOptions: { credentials: 'same-origin' } }),
  });
  const bundler = createBundlerClient({ account: signer, client, chain, transport: http(settings.bundlerUrl), paymaster });
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
  const result = await bundler.waitForUserOperationReceipt({
    hash: userOpHash,
    timeout: INCLUSION_TIMEOUT_MS,
    pollingInterval: RECEIPT_POLLING_MS,
  });
  const hash = result.receipt.transactionHash;
  events.onSubmitted(hash);
  if (!result.success) throw new PasskeyOperationError(result.reason ?? 'The operation was reverted on Base.', hash);
  return waitForTransactionReceipt(client, {
    hash,
    confirmations: Math.max(1, events.confirmations),
    pollingInterval: RECEIPT_POLLING_MS,
  });
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

/**
 * Adds a passkey (recorded by the server, pending) as an owner: Safe's signer factory makes its
 * signer, then the account adds it, threshold still 1. One operation, signed by an existing passkey
 * or by the recovery key.
 */
export async function addPasskeyOwner(
  connected: Connected,
  request: PasskeyOperationRequest & { passkey: Pick<AccountPasskey, 'publicKeyX' | 'publicKeyY' | 'signer'> },
): Promise<TransactionReceipt> {
  const { passkey } = request;
  return runOperation(
    connected,
    [
      {
        to: SAFE_ACCOUNT_ADDRESSES.webAuthnSignerFactory,
        data: encodeFunctionData({
          abi: signerFactoryAbi,
          functionName: 'createSigner',
          args: [BigInt(passkey.publicKeyX), BigInt(passkey.publicKeyY), SAFE_P256_VERIFIERS],
        }),
      },
      {
        to: connected.address,
        data: encodeFunctionData({ abi: safeOwnerAbi, functionName: 'addOwnerWithThreshold', args: [passkey.signer, 1n] }),
      },
    ],
    request,
  );
}

/** Removes a passkey's signer from the owners; the Safe needs the owner before it in its list. */
export async function removePasskeyOwner(
  connected: Connected,
  request: PasskeyOperationRequest & { signer: Address },
): Promise<TransactionReceipt> {
  const owners = await readContract(connected.client, {
    address: connected.address,
    abi: safeOwnerAbi,
    functionName: 'getOwners',
  });
  const index = owners.findIndex((owner) => owner.toLowerCase() === request.signer.toLowerCase());
  if (index < 0) throw new PasskeyOperationError('This passkey is already removed from your savings account.');
  const previous = index === 0 ? SAFE_OWNERS_SENTINEL : owners[index - 1];
  if (!previous) throw new PasskeyOperationError('This passkey is already removed from your savings account.');
  return runOperation(
    connected,
    [
      {
        to: connected.address,
        data: encodeFunctionData({ abi: safeOwnerAbi, functionName: 'removeOwner', args: [previous, request.signer, 1n] }),
      },
    ],
    request,
  );
}
