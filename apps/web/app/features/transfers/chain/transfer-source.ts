import type { PasskeyAccount } from '@keel/core/passkey-account';
import type { WalletState } from '~/lib/wallet-state';

/** Where the money of a deposit or withdrawal moves from and to. */
export type TransferSource =
  { kind: 'wallet'; address: `0x${string}` } | { kind: 'passkey'; account: PasskeyAccount } | { kind: 'none' };

/**
 * A connected wallet the saver proved is theirs is used as before; without
 * one, the saver's passkey account is (Keel pays its fee); with neither, the
 * dialog says what to do.
 */
export function chooseTransferSource(
  wallet: Pick<WalletState, 'status' | 'address' | 'linkStatus'>,
  passkey: PasskeyAccount | null | undefined,
): TransferSource {
  if (wallet.status === 'connected' && wallet.address && wallet.linkStatus === 'linked') {
    return { kind: 'wallet', address: wallet.address };
  }
  if (passkey) return { kind: 'passkey', account: passkey };
  return { kind: 'none' };
}
