import { createContext, useContext } from 'react';

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
  status: WalletStatus;
  address: `0x${string}` | null;
  chainId: number | null;
  linkStatus: WalletLinkStatus;
  /** Why the last link attempt failed (declined in the wallet, refused by the server), or null. */
  linkError: string | null;
  /** Asks the wallet to sign the link message for the connected address. */
  requestLink: () => void;
};

export const DISCONNECTED_WALLET: WalletState = {
  isAvailable: false,
  status: 'disconnected',
  address: null,
  chainId: null,
  linkStatus: 'unlinked',
  linkError: null,
  requestLink: () => undefined,
};

export const WalletStateContext = createContext<WalletState>(DISCONNECTED_WALLET);

export function useWalletState(): WalletState {
  return useContext(WalletStateContext);
}
