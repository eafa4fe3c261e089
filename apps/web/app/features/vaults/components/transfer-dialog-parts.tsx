import { useEffect, useRef, useState } from 'react';
import { SIMULATED_TRANSFER_MS } from '@keel/core/constants';
import { VAULTS } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';

/**
 * The simulated transfer both dialogs share (SPEC §4): "Initiated" at once,
 * then after 2 seconds the completion callback. The timer dies with the dialog.
 */
export function useSimulatedTransfer() {
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
