import { createContext, useContext, type ReactNode } from 'react';

export type WalletStatus = 'connected' | 'connecting' | 'reconnecting' | 'disconnected';

/**
 * What screens outside the wallet feature may know about the connected wallet.
 * The wallet feature (behind a lazy boundary, with wagmi) fills it in, so those
 * screens never import wagmi themselves.
 */
/**
 * Whether the connected wallet is proven to be the signed-in account's
 * (an EIP-4361 signature the server verified): 'checking' while the server is
 * asked, 'linking' while the user signs.
 */
export type WalletLinkStatus = 'checking' | 'linked' | 'unlinked' | 'linking';

export type WalletState = {
  /** False until the wallet code has loaded, or when it could not load. */
  isAvailable: boolean;
  /** True while the wallet code is still loading beside a page that did not wait for it (WalletBoundary contentFirst). */
  isLoading: boolean;
  status: WalletStatus;
  address: `0x${string}` | null;
  chainId: number | null;
  linkStatus: WalletLinkStatus;
  /** Why the last link attempt failed (declined in the wallet, refused by the server), or null. */
  linkError: string | null;
  /** Asks the wallet to sign the link message for the connected address. */
  requestLink: () => void;
  /**
   * Puts wagmi-using content (the transfer forms) under the wallet's provider.
   * Identity where the page already renders inside it; a page that did not wait
   * for the wallet code has its content outside it (WalletBoundary contentFirst).
   */
  withWallet: (content: ReactNode) => ReactNode;
};

export const DISCONNECTED_WALLET: WalletState = {
  isAvailable: false,
  isLoading: false,
  status: 'disconnected',
  address: null,
  chainId: null,
  linkStatus: 'unlinked',
  linkError: null,
  requestLink: () => undefined,
  withWallet: (content) => content,
};

/** While the wallet code loads beside a page that rendered without waiting for it. */
export const LOADING_WALLET: WalletState = { ...DISCONNECTED_WALLET, isLoading: true };

export const WalletStateContext = createContext<WalletState>(DISCONNECTED_WALLET);

export function useWalletState(): WalletState {
  return useContext(WalletStateContext);
}
