import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createWalletClient, hexToBigInt, http, parseEther, type Address, type Hash, type Hex, type WalletClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { DEPLOYER, DEV_ACCOUNTS, mintUsdc, rpc, setEthBalance } from '../../contracts/local-chain';

export const FAKE_WALLET_NAME = 'Keel Test Wallet';
export const BASE_CHAIN_ID = 8453;
export const ETHEREUM_CHAIN_ID = 1;

/** What wallet_getCapabilities answers for Base: EIP-5792 atomic status, or 'none' = the method is not supported. */
export type AtomicSupport = 'supported' | 'ready' | 'unsupported' | 'none';

export type FakeWalletBehaviour = {
  /** Answer personal_sign with EIP-1193 error 4001 (the user declines). */
  declineSign: boolean;
  /** Answer eth_sendTransaction and wallet_sendCalls with 4001. */
  declineSend: boolean;
  atomic: AtomicSupport;
  /** Runs in Node just before a transaction is sent (e.g. pause a vault so the mined transaction reverts). */
  beforeSend: (() => Promise<void>) | null;
};

export type FakeWalletOptions = Partial<FakeWalletBehaviour> & {
  /** The wallet's key; a fresh random key by default (so tests never share a nonce or a balance). */
  privateKey?: Hex;
  /** The chain the wallet starts on (8453 is Base). */
  chainId?: number;
  /** Answer the connect request with EIP-1193 error 4001. */
  rejectConnect?: boolean;
  /** Answer wallet_switchEthereumChain with EIP-1193 error 4001. */
  rejectSwitch?: boolean;
  /** Announce through EIP-6963 (default true); without it the app sees only window.ethereum (shown as "Browser wallet"). */
  announce?: boolean;
  /** Fund the wallet on the local chain: USDC (decimal string) and ETH (decimal string). */
  fund?: { usdc?: string; eth?: string };
};

export type FakeWallet = {
  address: Address;
  privateKey: Hex;
  /** Change how the wallet answers from now on (e.g. decline once, then accept). */
  set: (behaviour: Partial<FakeWalletBehaviour>) => void;
  /** How many times the page asked the wallet to sign / to send. */
  counts: { signRequests: number; sendRequests: number; capabilityRequests: number };
};

type InitArgs = {
  address: string;
  chainId: number;
  rejectConnect: boolean;
  rejectSwitch: boolean;
  announce: boolean;
  name: string;
};

type BindingAnswer = { result: unknown } | { error: { code: number; message: string } };

declare global {
  // The page side of page.exposeBinding('__keelWallet'); module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __keelWallet?: (method: string, params: unknown) => Promise<BindingAnswer>;
  }
}

/**
 * Runs in the page before any app code: a window.ethereum EIP-1193 provider
 * that also announces itself through EIP-6963. Connection and chain live in
 * localStorage so a reload can auto-reconnect, like a real extension; every
 * request that needs the key or the chain goes to the Node side
 * (window.__keelWallet, see installFakeWallet).
 */
function installProvider(args: InitArgs): void {
  const STORAGE_KEY = '__fakeWallet';
  type Saved = { connected: boolean; chainId: number };
  const read = (): Saved => {
    try {
      const raw = window.localStorage.getItem(STORAGE_KEY);
      if (raw) return JSON.parse(raw) as Saved;
    } catch {
      // fall through
    }
    return { connected: false, chainId: args.chainId };
  };
  const state = read();
  const save = () => window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  const listeners = new Map<string, Set<(...values: unknown[]) => void>>();
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value);
  };
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const hex = (value: number) => `0x${value.toString(16)}`;
  const accounts = () => (state.connected ? [args.address] : []);
  async function toNode(method: string, params: unknown): Promise<unknown> {
    const bridge = window.__keelWallet;
    if (!bridge) throw rpcError(4900, 'The test wallet has no backend.');
    const answer = await bridge(method, params ?? []);
    if ('error' in answer) throw rpcError(answer.error.code, answer.error.message);
    return answer.result;
  }

  const provider = {
    isMetaMask: false,
    isKeelTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
        case 'wallet_requestPermissions': {
          if (args.rejectConnect) throw rpcError(4001, 'User rejected the request.');
          state.connected = true;
          save();
          emit('accountsChanged', accounts());
          if (method === 'eth_requestAccounts') return accounts();
          return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: accounts() }] }];
        }
        case 'wallet_revokePermissions':
          state.connected = false;
          save();
          emit('accountsChanged', []);
          return null;
        case 'eth_accounts':
          return accounts();
        case 'eth_chainId':
          return hex(state.chainId);
        case 'net_version':
          return String(state.chainId);
        case 'wallet_switchEthereumChain': {
          if (args.rejectSwitch) throw rpcError(4001, 'User rejected the request.');
          const [{ chainId }] = params as [{ chainId: string }];
          state.chainId = Number.parseInt(chainId, 16);
          save();
          emit('chainChanged', chainId);
          return null;
        }
        case 'personal_sign':
        case 'eth_sendTransaction':
        case 'wallet_sendCalls':
          if (!state.connected) throw rpcError(4100, 'The wallet is not connected.');
          if (state.chainId !== 8453 && method !== 'personal_sign') throw rpcError(4901, 'The wallet is not on Base.');
          return toNode(method, params);
        default:
          return toNode(method, params);
      }
    },
    on(event: string, listener: (...values: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return provider;
    },
    removeListener(event: string, listener: (...values: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  Object.defineProperty(window, 'ethereum', { value: provider, configurable: true, writable: true });
  const icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0f766e"/></svg>',
    );
  const detail = Object.freeze({
    info: Object.freeze({ uuid: '6b1e1d2c-0c1f-4c8b-9a55-6f2a8d3c1e01', name: args.name, icon, rdns: 'test.keel.wallet' }),
    provider,
  });
  if (!args.announce) return;
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: is the e2e global setup running the local chain?`);
  return value;
}

/** The dev account this Playwright worker pays test set-up gas from (anvil signs for it). */
function workerSender(): Address {
  const index = Number(process.env.TEST_WORKER_INDEX ?? '0');
  return DEV_ACCOUNTS[index % DEV_ACCOUNTS.length] ?? DEPLOYER;
}

const REJECTED = { error: { code: 4001, message: 'User rejected the request.' } } as const;
/** Later calls of a batch cannot be estimated before the earlier ones are mined: a fixed, generous limit. */
const BATCH_CALL_GAS = 1_000_000n;
const REVERTING_TX_GAS = 1_000_000n;

/**
 * The Node side of the fake wallet: a real key (viem privateKeyToAccount) that
 * signs and sends raw transactions to the local chain, and EIP-5792 batches.
 */
function createWalletBackend(
  account: PrivateKeyAccount,
  rpcUrl: string,
  behaviour: FakeWalletBehaviour,
  counts: FakeWallet['counts'],
) {
  const chain = { ...foundry, id: BASE_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } };
  const client: WalletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const batches = new Map<string, Hash[]>();

  async function send(call: { to?: Address; data?: Hex; value?: Hex; gas?: Hex }, fixedGas?: bigint): Promise<Hash> {
    const base = {
      account,
      chain,
      to: call.to,
      data: call.data,
      value: call.value ? hexToBigInt(call.value) : undefined,
    };
    const gas = call.gas ? hexToBigInt(call.gas) : fixedGas;
    if (gas !== undefined) return client.sendTransaction({ ...base, gas });
    try {
      return await client.sendTransaction(base);
    } catch (error) {
      // Like a user pushing through a wallet's "this may fail" warning: the revert happens on chain.
      if (error instanceof Error && /revert/i.test(error.message))
        return client.sendTransaction({ ...base, gas: REVERTING_TX_GAS });
      throw error;
    }
  }

  async function receiptsOf(hashes: Hash[]) {
    return Promise.all(
      hashes.map((hash) => rpc(rpcUrl, 'eth_getTransactionReceipt', [hash]) as Promise<Record<string, unknown> | null>),
    );
  }

  return async function handle(method: string, params: unknown[]): Promise<BindingAnswer> {
    try {
      switch (method) {
        case 'personal_sign': {
          counts.signRequests += 1;
          if (behaviour.declineSign) return REJECTED;
          const [message] = params as [Hex];
          return { result: await account.signMessage({ message: { raw: message } }) };
        }
        case 'eth_sendTransaction': {
          counts.sendRequests += 1;
          if (behaviour.declineSend) return REJECTED;
          await behaviour.beforeSend?.();
          const [transaction] = params as [{ to?: Address; data?: Hex; value?: Hex; gas?: Hex }];
          return { result: await send(transaction) };
        }
        case 'wallet_getCapabilities': {
          counts.capabilityRequests += 1;
          if (behaviour.atomic === 'none') return { error: { code: -32601, message: 'Method not supported' } };
          return { result: { [`0x${BASE_CHAIN_ID.toString(16)}`]: { atomic: { status: behaviour.atomic } } } };
        }
        case 'wallet_sendCalls': {
          counts.sendRequests += 1;
          if (behaviour.declineSend) return REJECTED;
          if (behaviour.atomic !== 'supported' && behaviour.atomic !== 'ready') {
            return { error: { code: 5700, message: 'Atomic batches are not supported' } };
          }
          await behaviour.beforeSend?.();
          const [request] = params as [{ calls: { to?: Address; data?: Hex; value?: Hex }[] }];
          const hashes: Hash[] = [];
          for (const [index, call] of request.calls.entries())
            hashes.push(await send(call, index === 0 ? undefined : BATCH_CALL_GAS));
          const id = `0x${randomBytes(32).toString('hex')}`;
          batches.set(id, hashes);
          return { result: { id } };
        }
        case 'wallet_getCallsStatus': {
          const [id] = params as [string];
          const hashes = batches.get(id);
          if (!hashes) return { error: { code: 5730, message: 'Unknown bundle id' } };
          const receipts = await receiptsOf(hashes);
          const isMined = receipts.every((receipt) => receipt !== null);
          const isSuccess = isMined && receipts.every((receipt) => receipt?.status === '0x1');
          return {
            result: {
              version: '2.0.0',
              id,
              chainId: `0x${BASE_CHAIN_ID.toString(16)}`,
              atomic: true,
              status: !isMined ? 100 : isSuccess ? 200 : 500,
              receipts: isMined ? receipts : undefined,
            },
          };
        }
        default:
          return { result: await rpc(rpcUrl, method, params) };
      }
    } catch (error) {
      const code =
        typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : -32603;
      return { error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  };
}

/**
 * Injects the fake wallet into every page the context opens from now on, with
 * a real key on the local chain, funded when asked. Answers the wallet, whose
 * behaviour the test can change at any time.
 */
export async function installFakeWallet(page: Page, options: FakeWalletOptions = {}): Promise<FakeWallet> {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const rpcUrl = requireEnv('BASE_RPC_URL');
  const behaviour: FakeWalletBehaviour = {
    declineSign: options.declineSign ?? false,
    declineSend: options.declineSend ?? false,
    atomic: options.atomic ?? 'none',
    beforeSend: options.beforeSend ?? null,
  };
  const counts = { signRequests: 0, sendRequests: 0, capabilityRequests: 0 };
  const handle = createWalletBackend(account, rpcUrl, behaviour, counts);

  if (options.fund?.eth) await setEthBalance(rpcUrl, account.address, parseEther(options.fund.eth));
  if (options.fund?.usdc)
    await mintUsdc(rpcUrl, requireEnv('USDC_ADDRESS') as Address, account.address, options.fund.usdc, workerSender());

  await page.exposeBinding('__keelWallet', (_source, method: string, params: unknown[]) => handle(method, params));
  const args: InitArgs = {
    address: account.address.toLowerCase(),
    chainId: options.chainId ?? BASE_CHAIN_ID,
    rejectConnect: options.rejectConnect ?? false,
    rejectSwitch: options.rejectSwitch ?? false,
    announce: options.announce ?? true,
    name: FAKE_WALLET_NAME,
  };
  await page.addInitScript(installProvider, args);
  return {
    address: account.address,
    privateKey,
    set: (next) => Object.assign(behaviour, next),
    counts,
  };
}
