import { useCallback, useState, type ReactNode } from 'react';
import type { TransferKind } from '@keel/core/transfer-rules';
import type { VaultId } from '@keel/core/vaults';
import { TransferDialogsContext, type OpenTransferDialog } from '~/lib/transfer-dialogs';
import { TransferDialog } from './transfer-dialog';

type OpenTransfer = { kind: TransferKind; vaultId: VaultId | null; serial: number };

/**
 * Lets the page inside open the deposit and withdraw dialogs (lib/transfer-dialogs.ts),
 * and keeps which one is open with which vault preselected. Each opening gets
 * a fresh form (the key changes), so old input never lingers.
 */
export function TransferDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenTransfer | null>(null);
  const open = useCallback<OpenTransferDialog>((kind, vaultId) => {
    setCurrent((previous) => ({ kind, vaultId, serial: (previous?.serial ?? 0) + 1 }));
  }, []);
  const dialog = (kind: TransferKind) => (
    <TransferDialog
      key={`${kind}-${current?.kind === kind ? current.serial : 'closed'}`}
      kind={kind}
      open={current?.kind === kind}
      initialVaultId={current?.kind === kind ? current.vaultId : null}
      onOpenChange={(isOpen) => {
        if (!isOpen) setCurrent((value) => (value?.kind === kind ? null : value));
      }}
    />
  );
  return (
    <TransferDialogsContext value={open}>
      {children}
      {dialog('deposit')}
      {dialog('withdraw')}
    </TransferDialogsContext>
  );
}
