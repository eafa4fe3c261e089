import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

type SettingsFieldProps = {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  /** Shown under the field, announced, and marks it invalid. */
  error?: string | undefined;
  /** Typing clears the field's message. */
  onEdit?: () => void;
};

/** A labelled input of the settings forms, with its message tied to it for screen readers. */
export function SettingsField({ id, name, label, type, autoComplete, error, onEdit }: SettingsFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={onEdit}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
