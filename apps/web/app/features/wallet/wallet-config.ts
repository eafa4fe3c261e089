import { createConfig, createStorage, http, injected } from 'wagmi';
import { base } from 'viem/chains';
import type { Chain } from 'viem';
import { demoWalletConnector } from './demo/demo-wallet-connector';

const PUBLIC_BASE_RPC_URL = base.rpcUrls.default.http[0];

/**
 * Base (chain id 8453) as this server sees it. A server pointed at another
 * node (PUBLIC_BASE_RPC_URL, e.g. a keyed provider, or the local anvil chain of
 * the end-to-end tests, which gets Multicall3 at its canonical address) keeps
 * everything of Base but reads through that node.
 */
export function walletChain(baseRpcUrl: string): Chain {
  if (baseRpcUrl === PUBLIC_BASE_RPC_URL) return base;
  return { ...base, rpcUrls: { default: { http: [baseRpcUrl] } } };
}

/**
 * The demo wallet's key, set only by `npm run demo`'s own web build
 * (KEEL_DEMO_WALLET_KEY, vite.config.ts). In every other build it is '' and
 * the connector is left out of the bundle (docs/decisions/010).
 */
const DEMO_WALLET_KEY = __KEEL_DEMO_WALLET_KEY__;

export function createWalletConfig(baseRpcUrl: string) {
  const chain = walletChain(baseRpcUrl);
  return createConfig({
    chains: [chain],
    // A plain window.ethereum shows as "Injected"; EIP-6963 discovery adds
    // every wallet the browser announces, each with its own name and icon.
    connectors: DEMO_WALLET_KEY
      ? [injected(), demoWalletConnector({ privateKey: DEMO_WALLET_KEY, chain, rpcUrl: baseRpcUrl })]
      : [injected()],
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: http(baseRpcUrl) },
    // Keys are prefixed "wagmi.": recentConnectorId, injected.connected, store.
    storage: createStorage({ storage: typeof window === 'undefined' ? undefined : window.localStorage }),
  });
}

export type WalletConfig = ReturnType<typeof createWalletConfig>;

declare module 'wagmi' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    config: WalletConfig;
  }
}

let cached: { baseRpcUrl: string; config: WalletConfig } | null = null;

/**
 * One config per page load: every protected page mounts its own provider, and
 * sharing the config keeps the connection across page changes.
 */
export function getWalletConfig(baseRpcUrl: string): WalletConfig {
  if (cached?.baseRpcUrl !== baseRpcUrl) cached = { baseRpcUrl, config: createWalletConfig(baseRpcUrl) };
  return cached.config;
}
