import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { EmailField } from './email-field';
import { authErrorMessage, requestPasswordReset } from '~/lib/auth-client';
import { takeClientAttempt } from '../lib/client-rate-limit';
import { AUTH_EMAIL_COPY, parseEmail } from '@keel/core/email';

const RESET_REQUEST_FALLBACK = 'Failed to send reset link. Please try again.';

/** Forgot-password mode of /sign-in. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ onBack, onSent }: { onBack: () => void; onSent: (notice: string) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const checked = parseEmail(email, AUTH_EMAIL_COPY);
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
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Reset password">
      {error && <Alert variant="destructive">{error}</Alert>}
      <EmailField id="reset-email" value={email} onChange={setEmail} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
