import { createContext, useCallback, useContext } from 'react';
import type { TransferKind } from '@keel/core/transfer-rules';
import type { VaultId } from '@keel/core/vaults';

/** Opens the deposit or withdraw dialog, with a vault chosen or not. */
export type OpenTransferDialog = (kind: TransferKind, vaultId: VaultId | null) => void;

/**
 * How pages outside the transfers feature open its dialogs: the route renders
 * the transfers feature's provider around the page, and the page's buttons
 * call this. Without a provider nothing opens (a page shown in a test alone).
 */
export const TransferDialogsContext = createContext<OpenTransferDialog>(() => undefined);

export function useTransferDialogs() {
  const open = useContext(TransferDialogsContext);
  const openDeposit = useCallback((vaultId?: VaultId) => open('deposit', vaultId ?? null), [open]);
  const openWithdraw = useCallback((vaultId?: VaultId) => open('withdraw', vaultId ?? null), [open]);
  return { openDeposit, openWithdraw };
}
