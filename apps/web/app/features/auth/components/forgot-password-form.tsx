import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { Alert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/submit-button';
import { Button } from '~/components/ui/button';
import { useEarlyInput } from '~/hooks/use-early-input';
import { EmailField } from './email-field';
import { authErrorMessage, requestPasswordReset } from '~/lib/auth-client';
import { takeClientAttempt } from '../lib/client-rate-limit';
import { AUTH_EMAIL_COPY } from '@keel/core/auth-messages';
import { parseEmail } from '@keel/core/email';

const RESET_REQUEST_FALLBACK = 'Failed to send reset link. Please try again.';

/** Forgot-password mode of /sign-in. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ onBack, onSent }: { onBack: () => void; onSent: (notice: string) => void }) {
  const earlyInput = useEarlyInput();
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setError(null);
    const checked = parseEmail(String(new FormData(event.currentTarget).get('email') ?? ''), AUTH_EMAIL_COPY);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    if (!takeClientAttempt('passwordReset', checked.email)) {
      setError(AUTH_MESSAGES.resetRateLimited);
      return;
    }
    setIsSubmitting(true);
    try {
      await requestPasswordReset({ email: checked.email });
      onSent(AUTH_MESSAGES.resetRequested);
    } catch (failure) {
      setError(authErrorMessage(failure, RESET_REQUEST_FALLBACK));
      setIsSubmitting(false);
    }
  };

  return (
    <form
      {...earlyInput}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label="Reset password"
    >
      {error && <Alert variant="destructive">{error}</Alert>}
      <EmailField id="reset-email" />
      <SubmitButton size="lg" isBusy={isSubmitting} busyLabel="Sending...">
        Send Reset Link
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
