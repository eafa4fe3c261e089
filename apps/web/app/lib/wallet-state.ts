import { createContext, useContext } from 'react';

export type WalletStatus = 'connected' | 'connecting' | 'reconnecting' | 'disconnected';

/**
 * What screens outside the wallet feature may know about the connected wallet.
 * The wallet feature (behind a lazy boundary, with wagmi) fills it in, so those
 * screens never import wagmi themselves.
 */
export type WalletState = {
  /** False until the wallet code has loaded, or when it could not load. */
  isAvailable: boolean;
  status: WalletStatus;
  address: `0x${string}` | null;
  chainId: number | null;
};

export const DISCONNECTED_WALLET: WalletState = { isAvailable: false, status: 'disconnected', address: null, chainId: null };

export const WalletStateContext = createContext<WalletState>(DISCONNECTED_WALLET);

export function useWalletState(): WalletState {
  return useContext(WalletStateContext);
}
