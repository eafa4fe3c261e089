import { createWalletClient, hexToBigInt, http, isHex, numberToHex, type Chain, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * `npm run demo` only (docs/decisions/010): an EIP-1193 provider that signs
 * with a funded key of the local demo chain, in the page, like a browser wallet
 * would. Reads and anything else go to the chain's RPC. It is compiled into the
 * demo's own web build and never into the production build.
 */

export type Eip1193Request = { method: string; params?: unknown };
export type DemoWalletProvider = { request: (request: Eip1193Request) => Promise<unknown> };

/** An EIP-1193 error as wallets answer them (4001 rejected, 4200 unsupported, 4902 unknown chain). */
function providerError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

function firstParam(params: unknown): unknown {
  return Array.isArray(params) ? (params[0] as unknown) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hexParam(value: unknown): Hex {
  if (!isHex(value)) throw providerError(-32602, 'Expected a 0x-prefixed hex parameter');
  return value;
}

function optionalHex(value: unknown): Hex | undefined {
  return value === undefined || value === null ? undefined : hexParam(value);
}

/** Like a browser extension, the wallet shares its account only once the site asked (kept across reloads). */
const CONNECTED_KEY = 'keel.demoWallet.connected';

function connectionStore(): { read: () => boolean; write: (connected: boolean) => void } {
  let connected = false;
  const storage = typeof window === 'undefined' ? null : window.localStorage;
  return {
    read: () => (storage ? storage.getItem(CONNECTED_KEY) === '1' : connected),
    write: (value) => {
      connected = value;
      if (value) storage?.setItem(CONNECTED_KEY, '1');
      else storage?.removeItem(CONNECTED_KEY);
    },
  };
}

export function createDemoWalletProvider(options: { privateKey: Hex; chain: Chain; rpcUrl: string }): DemoWalletProvider {
  const account = privateKeyToAccount(options.privateKey);
  const connection = connectionStore();
  const transport = http(options.rpcUrl);
  const wallet = createWalletClient({ account, chain: options.chain, transport });
  const rpc = transport({ chain: options.chain });

  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          connection.write(true);
          return [account.address];
        case 'eth_accounts':
          return connection.read() ? [account.address] : [];
        case 'wallet_requestPermissions':
          connection.write(true);
          return [{ parentCapability: 'eth_accounts', caveats: [] }];
        case 'wallet_revokePermissions':
          connection.write(false);
          return null;
        case 'eth_chainId':
          return numberToHex(options.chain.id);
        case 'wallet_switchEthereumChain': {
          const request = firstParam(params);
          if (!isRecord(request) || Number(hexParam(request.chainId)) !== options.chain.id)
            throw providerError(4902, 'The demo wallet knows only the demo chain');
          return null;
        }
        case 'personal_sign': {
          if (!connection.read()) throw providerError(4100, 'Connect the demo wallet first');
          return account.signMessage({ message: { raw: hexParam(firstParam(params)) } });
        }
        case 'eth_sendTransaction': {
          if (!connection.read()) throw providerError(4100, 'Connect the demo wallet first');
          const transaction = firstParam(params);
          if (!isRecord(transaction)) throw providerError(-32602, 'Expected a transaction');
          const value = optionalHex(transaction.value);
          const gas = optionalHex(transaction.gas);
          return wallet.sendTransaction({
            to: optionalHex(transaction.to) ?? null,
            data: optionalHex(transaction.data),
            value: value === undefined ? undefined : hexToBigInt(value),
            gas: gas === undefined ? undefined : hexToBigInt(gas),
          });
        }
        // No EIP-5792 batches: the dialogs then send approve and deposit one after the other.
        case 'wallet_getCapabilities':
        case 'wallet_sendCalls':
        case 'eth_signTypedData_v4':
        case 'eth_sign':
          throw providerError(4200, `The demo wallet does not support ${method}`);
        default:
          return rpc.request({ method, params });
      }
    },
  };
}
