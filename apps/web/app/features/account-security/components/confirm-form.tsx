import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '~/components/submit-button';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { authErrorMessage } from '~/lib/auth-client';
import { PasskeyCeremonyError } from '~/lib/passkeys';

type Field = { name: string; label: string; type?: 'password' | 'text'; autoComplete: string; inputMode?: 'numeric' | 'text' };

/**
 * A small form for one security step (password, code, name): its fields, a
 * submit button, Cancel, and the server's words when the step is refused.
 */
export function ConfirmForm({
  label,
  fields,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  fields: readonly Field[];
  submitLabel: string;
  busyLabel: string;
  /** Resolves when the step succeeded; a rejection's message is shown. */
  onSubmit: (values: Record<string, string>) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? '')]));
    setError(null);
    setIsBusy(true);
    try {
      await onSubmit(values);
    } catch (failure) {
      setError(
        failure instanceof PasskeyCeremonyError
          ? failure.message
          : authErrorMessage(failure, 'That did not work. Please try again.'),
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="flex flex-col gap-4">
      {error && <Alert variant="destructive">{error}</Alert>}
      {fields.map((field) => (
        <div key={field.name} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
          <Input
            id={`${id}-${field.name}`}
            name={field.name}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            aria-invalid={error !== null}
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <SubmitButton isBusy={isBusy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

export const PASSWORD_FIELD: Field = {
  name: 'password',
  label: 'Your password',
  type: 'password',
  autoComplete: 'current-password',
};
export const APP_CODE_FIELD: Field = {
  name: 'code',
  label: '6-digit code from your authenticator app',
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
};
