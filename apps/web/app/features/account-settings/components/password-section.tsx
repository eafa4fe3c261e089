import { changePasswordSchema } from '@keel/core/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '~/components/submit-button';
import { Alert } from '~/components/ui/alert';
import { ApiError } from '~/lib/api-client';
import { humanErrorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { changePassword, SESSIONS_QUERY_KEY } from '../api/account-settings-api';
import { SettingsField } from './settings-field';
import { SettingsSection } from './settings-section';

const CHANGE_FAILED = 'Your password could not be changed. Please try again.';
const WRONG_CURRENT = 'That is not your current password.';
const MISMATCH = 'The new passwords do not match';
/** Better Auth's code, passed through, for a wrong current password. */
const BETTER_AUTH_WRONG_PASSWORD = 'INVALID_PASSWORD';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

/** The form's three fields, in the order a password manager expects them. */
const FIELDS: readonly { id: string; name: Field; label: string; autoComplete: string }[] = [
  { id: 'current-password', name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { id: 'new-password', name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { id: 'confirm-new-password', name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Change password: the current one is required, and every other device is signed out. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({
    mutationFn: (input: Parameters<typeof changePassword>[0]) => changePassword(input),
    onSuccess: () => {
      toast.success('Password changed. Every other device was signed out.');
      return queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (field: Field) => String(data.get(field) ?? '');
    const parsed = changePasswordSchema.safeParse({ currentPassword: read('currentPassword'), newPassword: read('newPassword') });
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'currentPassword' || field === 'newPassword') && !found[field]) found[field] = issue.message;
      }
    }
    if (read('newPassword') !== read('confirmPassword')) found.confirmPassword = MISMATCH;
    setErrors(found);
    if (!parsed.success || found.confirmPassword) return;
    change.mutate(parsed.data, { onSuccess: () => form.reset() });
  };

  const clear = (field: Field) => () => setErrors((current) => ({ ...current, [field]: undefined }));
  const failure = change.isError
    ? change.error instanceof ApiError && change.error.code === BETTER_AUTH_WRONG_PASSWORD
      ? WRONG_CURRENT
      : humanErrorMessage(change.error, CHANGE_FAILED)
    : null;

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing your password signs out every other device. We'll email you to confirm."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Change password" className="flex flex-col gap-4">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        {FIELDS.map((field) => (
          <SettingsField key={field.id} {...field} type="password" error={errors[field.name]} onEdit={clear(field.name)} />
        ))}
        <div>
          <SubmitButton isBusy={change.isPending} busyLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
