import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SIMULATED_TRANSFER_MS } from '@keel/core/constants';
import { VAULTS, findVault, type Vault, type VaultId } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { toast } from '~/lib/toast';
import { parseTransferAmount } from '../transfer-amount';

/**
 * The simulated transfer both dialogs share (SPEC §4): "Initiated" at once,
 * then after 2 seconds the completion callback. The timer dies with the dialog.
 */
function useSimulatedTransfer() {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function start(onComplete: () => void) {
    setIsSubmitting(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setIsSubmitting(false);
      onComplete();
    }, SIMULATED_TRANSFER_MS);
  }

  return { isSubmitting, start };
}

type TransferSteps = {
  /** Right away, once vault and amount are valid. */
  initiated: (vault: Vault, micro: bigint) => void;
  /** After the simulated 2 seconds. */
  completed: (vault: Vault, micro: bigint) => void;
};

/**
 * The form both dialogs share: vault and amount, the 'Missing Information'
 * check of SPEC §5, then the simulated transfer.
 */
export function useTransferForm(initialVaultId: VaultId | null) {
  const [vaultId, setVaultId] = useState<string>(initialVaultId ?? '');
  const [amount, setAmount] = useState('');
  const { isSubmitting, start } = useSimulatedTransfer();

  function submit(event: FormEvent<HTMLFormElement>, steps: TransferSteps) {
    event.preventDefault();
    const vault = findVault(vaultId);
    const value = parseTransferAmount(amount);
    if (!vault || value === null) {
      toast.error('Missing Information', { description: 'Please select a vault and enter an amount' });
      return;
    }
    steps.initiated(vault, value);
    start(() => steps.completed(vault, value));
  }

  return { vaultId, setVaultId, amount, setAmount, isSubmitting, submit };
}

export function SimulatedTransferNotice() {
  return (
    <Alert variant="warning">
      <strong>Simulated transfer.</strong> This dialog is a demonstration: no transaction is sent and no funds move.
    </Alert>
  );
}

export function VaultField({
  id,
  value,
  onChange,
  showApy = false,
}: {
  id: string;
  value: string;
  onChange: (vaultId: string) => void;
  showApy?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Vault</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Select a vault</option>
        {VAULTS.map((vault) => (
          <option key={vault.id} value={vault.id}>
            {showApy ? `${vault.name} (${vault.apyText})` : vault.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
