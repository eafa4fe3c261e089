import { custom, type Chain, type Hex } from 'viem';
import { injected } from 'wagmi';
import { createDemoWalletProvider } from './demo-wallet-provider';

export const DEMO_WALLET_NAME = 'Demo wallet';

/** The demo wallet as a wagmi connector: a wallet button named "Demo wallet" in the wallet panel. */
export function demoWalletConnector(options: { privateKey: Hex; chain: Chain; rpcUrl: string }) {
  // viem's custom transport gives the plain provider the typed EIP-1193 request wagmi expects.
  const { request } = custom(createDemoWalletProvider(options), { retryCount: 0 })({ chain: options.chain });
  // The account and chain never change, so there is nothing to announce to listeners.
  const provider = { request, on: () => undefined, removeListener: () => undefined };
  return injected({ target: { id: 'keelDemoWallet', name: DEMO_WALLET_NAME, provider: () => provider } });
}
