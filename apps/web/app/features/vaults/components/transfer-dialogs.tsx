import { useCallback, useState } from 'react';
import type { VaultId } from '@keel/core/vaults';
import { DepositDialog } from './deposit-dialog';
import { WithdrawDialog } from './withdraw-dialog';

type TransferKind = 'deposit' | 'withdraw';
type OpenTransfer = { kind: TransferKind; vaultId: VaultId | null; serial: number };

/**
 * Which transfer dialog is open, and with which vault preselected. Each
 * opening gets a fresh form (the key changes), so old input never lingers.
 */
export function useTransferDialogs() {
  const [current, setCurrent] = useState<OpenTransfer | null>(null);
  const open = useCallback((kind: TransferKind, vaultId: VaultId | null) => {
    setCurrent((previous) => ({ kind, vaultId, serial: (previous?.serial ?? 0) + 1 }));
  }, []);
  const openDeposit = useCallback((vaultId?: VaultId) => open('deposit', vaultId ?? null), [open]);
  const openWithdraw = useCallback((vaultId?: VaultId) => open('withdraw', vaultId ?? null), [open]);

  const dialogs = (
    <>
      <DepositDialog
        key={`deposit-${current?.kind === 'deposit' ? current.serial : 'closed'}`}
        open={current?.kind === 'deposit'}
        initialVaultId={current?.kind === 'deposit' ? current.vaultId : null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setCurrent((value) => (value?.kind === 'deposit' ? null : value));
        }}
      />
      <WithdrawDialog
        key={`withdraw-${current?.kind === 'withdraw' ? current.serial : 'closed'}`}
        open={current?.kind === 'withdraw'}
        initialVaultId={current?.kind === 'withdraw' ? current.vaultId : null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setCurrent((value) => (value?.kind === 'withdraw' ? null : value));
        }}
      />
    </>
  );

  return { openDeposit, openWithdraw, dialogs };
}
