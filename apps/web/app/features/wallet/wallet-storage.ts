import { CONNECTED_WALLET_STORAGE_KEY as CONNECTED_WALLET_KEY } from '~/hooks/use-session';

/**
 * Local storage items Keel keeps beside wagmi's own ("wagmi.recentConnectorId",
 * "wagmi.injected.connected"): the requested chains and the connected wallet.
 * 'connectedWallet' is removed on sign-out by the accounts code.
 */
export const REQUESTED_CHAINS_KEY = 'wagmi.requestedChains';

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Storage can be unavailable (private mode, quota): the wallet still works.
  }
}

export function rememberConnectedWallet(address: string, chainIds: readonly number[]): void {
  safely(() => {
    window.localStorage.setItem(CONNECTED_WALLET_KEY, address);
    window.localStorage.setItem(REQUESTED_CHAINS_KEY, JSON.stringify(chainIds));
  });
}

export function forgetConnectedWallet(): void {
  safely(() => window.localStorage.removeItem(CONNECTED_WALLET_KEY));
}
