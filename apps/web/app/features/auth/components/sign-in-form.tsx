import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, EMAIL_NOT_VERIFIED_CODE } from '@keel/core/auth-messages';
import { paths } from '@keel/core/paths';
import { Alert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/submit-button';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { EmailField } from './email-field';
import { useEarlyClick, useEarlyInput } from '~/hooks/use-early-input';
import { forgetAccountState, SESSION_QUERY_KEY } from '~/hooks/use-session';
import { authErrorMessage, signInWithEmail, type Session } from '~/lib/auth-client';
import { hasErrorCode } from '~/lib/api-client';
import { useResendVerification } from '../hooks/use-resend-verification';
import { clearClientAttempts, takeClientAttempt } from '../lib/client-rate-limit';
import { AUTH_EMAIL_COPY } from '@keel/core/auth-messages';
import { parseEmail } from '@keel/core/email';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { PasswordInput } from './password-input';

const SIGN_IN_FALLBACK = 'Sign in failed. Please try again.';

export function SignInForm({
  notice,
  onForgotPassword,
  onSignedIn,
  onTwoStepRequired,
}: {
  notice: string | null;
  onForgotPassword: () => void;
  onSignedIn: () => void;
  /** The password was right and two-step sign-in is on: the code is asked on the next page. */
  onTwoStepRequired: () => void;
}) {
  const queryClient = useQueryClient();
  const earlyInput = useEarlyInput();
  const forgotPassword = useEarlyClick();
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { resend, isSending } = useResendVerification();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setError(null);
    setUnverifiedEmail(null);
    // Read from the fields: they hold what was typed, even before hydration.
    const fields = new FormData(event.currentTarget);
    const password = String(fields.get('password') ?? '');
    const checked = parseEmail(String(fields.get('email') ?? ''), AUTH_EMAIL_COPY);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    if (password === '') {
      setError(AUTH_MESSAGES.enterPassword);
      return;
    }
    if (!takeClientAttempt('signIn', checked.email)) {
      setError(AUTH_MESSAGES.signInRateLimited);
      return;
    }
    setIsSubmitting(true);
    // Whatever the last account left in this browser goes first.
    forgetAccountState(queryClient);
    try {
      const result = await signInWithEmail({ email: checked.email, password });
      clearClientAttempts('signIn', checked.email);
      if ('twoStepRequired' in result) {
        onTwoStepRequired();
        return;
      }
      const session: Session = { user: result.user };
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      onSignedIn();
    } catch (failure) {
      if (hasErrorCode(failure, EMAIL_NOT_VERIFIED_CODE)) setUnverifiedEmail(checked.email);
      setError(authErrorMessage(failure, SIGN_IN_FALLBACK));
      setIsSubmitting(false);
    }
  };

  return (
    <form {...earlyInput} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in">
      {notice && <Alert variant="success">{notice}</Alert>}
      {error && (
        <Alert variant="destructive" className="flex flex-col gap-3">
          <span>{error}</span>
          {unverifiedEmail && (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={isSending}
              onClick={() => void resend(unverifiedEmail)}
            >
              {isSending ? 'Sending...' : 'Resend verification email'}
            </Button>
          )}
        </Alert>
      )}
      <EmailField id="sign-in-email" />
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="sign-in-password">Password</Label>
          <Button {...forgotPassword} type="button" variant="link" className="h-auto p-0 text-sm" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        </div>
        <PasswordInput id="sign-in-password" name="password" autoComplete="current-password" />
      </div>
      <SubmitButton size="lg" isBusy={isSubmitting} busyLabel="Signing In...">
        Sign In
      </SubmitButton>
      <PasskeySignInButton onSignedIn={onSignedIn} />
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to={paths.getStarted} className="font-medium text-primary underline-offset-4 hover:underline">
          Get Started
        </Link>
      </p>
    </form>
  );
}
