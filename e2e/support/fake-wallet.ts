import type { Page } from '@playwright/test';

/** The fake wallet's default account (anvil's first dev account: harmless, public). */
export const FAKE_WALLET_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const FAKE_WALLET_NAME = 'Keel Test Wallet';
export const BASE_CHAIN_ID = 8453;
export const ETHEREUM_CHAIN_ID = 1;

export type FakeWalletOptions = {
  address?: string;
  /** The chain the wallet starts on (8453 is Base). */
  chainId?: number;
  /** Answer the connect request with EIP-1193 error 4001. */
  rejectConnect?: boolean;
  /** Answer wallet_switchEthereumChain with EIP-1193 error 4001. */
  rejectSwitch?: boolean;
  /** Announce through EIP-6963 (default true); without it the app sees only window.ethereum ("Injected"). */
  announce?: boolean;
  /** Forward other read calls (eth_call, eth_blockNumber…) to this JSON-RPC URL. */
  rpcUrl?: string;
};

type InitArgs = Required<Omit<FakeWalletOptions, 'rpcUrl'>> & { rpcUrl: string | null; name: string };

/**
 * Runs in the page before any app code: a window.ethereum EIP-1193 provider
 * that also announces itself through EIP-6963. Its "connected" flag and chain
 * live in localStorage so a reload can auto-reconnect, like a real extension.
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
  let rpcId = 0;

  async function forward(method: string, params: unknown): Promise<unknown> {
    if (!args.rpcUrl) throw rpcError(4200, `The fake wallet does not support ${method}`);
    const response = await fetch(args.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw rpcError(body.error.code, body.error.message);
    return body.result;
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
        default:
          return forward(method, params);
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

/** Injects the fake wallet into every page the context opens from now on. */
export async function installFakeWallet(page: Page, options: FakeWalletOptions = {}): Promise<void> {
  const args: InitArgs = {
    address: options.address ?? FAKE_WALLET_ADDRESS,
    chainId: options.chainId ?? BASE_CHAIN_ID,
    rejectConnect: options.rejectConnect ?? false,
    rejectSwitch: options.rejectSwitch ?? false,
    announce: options.announce ?? true,
    rpcUrl: options.rpcUrl ?? null,
    name: FAKE_WALLET_NAME,
  };
  await page.addInitScript(installProvider, args);
}
