import { changeEmailSchema } from '@keel/core/account-settings';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '~/components/submit-button';
import { Alert } from '~/components/ui/alert';
import { humanErrorMessage } from '~/lib/error-messages';
import { changeEmail } from '../api/account-settings-api';
import { SettingsField } from './settings-field';
import { SettingsSection } from './settings-section';

const CHANGE_FAILED = 'Your email could not be changed. Please try again.';

/**
 * Change email: a confirmation link goes to the new address (and a notice to
 * the current one). Nothing changes until that link is opened, and this
 * device stays signed in.
 */
export function EmailSection({ currentEmail }: { currentEmail: string }) {
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (newEmail: string) => changeEmail(newEmail),
    onSuccess: (_answer, email) => setSentTo(email),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const parsed = changeEmailSchema.safeParse({ newEmail: new FormData(event.currentTarget).get('newEmail') ?? '' });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data.newEmail);
  };

  return (
    <SettingsSection
      id="email"
      title="Email address"
      description={
        <>
          You sign in with <strong className="font-medium text-foreground">{currentEmail}</strong>.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-label="Change email" className="flex flex-col gap-4">
        {sentTo && (
          <Alert variant="success">
            We sent a confirmation link to {sentTo}. Your email changes once you open it; until then, keep using {currentEmail}.
          </Alert>
        )}
        {request.isError && <Alert variant="destructive">{humanErrorMessage(request.error, CHANGE_FAILED)}</Alert>}
        <SettingsField
          id="new-email"
          name="newEmail"
          label="New email address"
          type="email"
          autoComplete="email"
          error={fieldError}
          onEdit={() => setFieldError(undefined)}
        />
        <div>
          <SubmitButton isBusy={request.isPending} busyLabel="Sending...">
            Send confirmation link
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
