import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { isStrongPassword, RESET_PASSWORD_RULE_MESSAGE } from '@keel/core/password';
import { paths } from '@keel/core/paths';
import { Alert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/submit-button';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { PageSpinner } from '~/components/ui/spinner';
import { useEarlyInput } from '~/hooks/use-early-input';
import { authErrorMessage, checkResetToken, resetPassword } from '~/lib/auth-client';
import { hasErrorCode } from '~/lib/api-client';
import { cn } from '~/lib/cn';
import { AuthPageFrame } from './auth-page-frame';
import { PasswordInput } from './password-input';
import { PasswordMatchIndicator } from './password-match-indicator';
import { PasswordStrengthMeter } from './password-strength-meter';

type ScreenState = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'failed' } | { kind: 'ready'; token: string };

function readTokenFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('token');
}

function InvalidLink() {
  return (
    <>
      <Alert variant="destructive">{AUTH_MESSAGES.invalidResetLink}</Alert>
      <Button asChild>
        <Link to={paths.signIn}>Back to Sign In</Link>
      </Button>
    </>
  );
}

function ResetForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const earlyInput = useEarlyInput((typed) => {
    setPassword(typed.newPassword ?? '');
    setConfirm(typed.confirmPassword ?? '');
  });
  const strong = isStrongPassword(password);
  const matches = confirm !== '' && confirm === password;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setError(null);
    if (!strong) {
      setError(RESET_PASSWORD_RULE_MESSAGE);
      return;
    }
    if (!matches) {
      setError(AUTH_MESSAGES.passwordsDoNotMatch);
      return;
    }
    setIsSubmitting(true);
    try {
      await resetPassword({ token, newPassword: password });
      toast.success(AUTH_MESSAGES.passwordUpdated);
      await navigate(paths.signIn, { replace: true });
    } catch (failure) {
      setIsSubmitting(false);
      if (hasErrorCode(failure, 'INVALID_TOKEN')) {
        onInvalid();
        return;
      }
      const message = authErrorMessage(failure, AUTH_MESSAGES.updatePasswordFailed);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <form
      {...earlyInput}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-label="Set a new password"
    >
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor="new-password">New Password</Label>
        <PasswordInput
          id="new-password"
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="password-rule"
        />
        <PasswordStrengthMeter password={password} />
        <p
          id="password-rule"
          data-testid="password-rule"
          data-met={strong}
          className={cn(
            'flex items-start gap-1.5 text-xs',
            password === ''
              ? 'text-muted-foreground'
              : strong
                ? 'text-green-700 dark:text-green-400'
                : 'text-red-700 dark:text-red-400',
          )}
        >
          {strong ? (
            <Check className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <X className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          )}
          {RESET_PASSWORD_RULE_MESSAGE}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="confirm-new-password">Confirm New Password</Label>
        <PasswordInput
          id="confirm-new-password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          aria-describedby="password-match"
        />
        <PasswordMatchIndicator id="password-match" matches={matches} variant="reset" />
      </div>
      <SubmitButton size="lg" disabled={!strong || !matches} isBusy={isSubmitting} busyLabel="Updating Password...">
        Update Password
      </SubmitButton>
    </form>
  );
}

/** /reset-password: reached from the reset mail through /auth/callback with a one-time token. */
export function ResetPasswordScreen() {
  // The token is read once; the effect then takes it out of the address bar and history.
  const [token] = useState(readTokenFromUrl);
  const [state, setState] = useState<ScreenState>(token ? { kind: 'checking' } : { kind: 'invalid' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', paths.resetPassword);
    if (!token) return;
    checkResetToken(token)
      .then((result) => setState(result.valid ? { kind: 'ready', token } : { kind: 'invalid' }))
      .catch(() => setState({ kind: 'failed' }));
  }, [token]);

  if (state.kind === 'checking') return <PageSpinner label="Checking your reset link" />;
  return (
    <AuthPageFrame
      title="Reset Password"
      description={state.kind === 'ready' ? 'Choose a new password for your Keel account.' : undefined}
    >
      {state.kind === 'ready' && <ResetForm token={state.token} onInvalid={() => setState({ kind: 'invalid' })} />}
      {state.kind === 'invalid' && <InvalidLink />}
      {state.kind === 'failed' && <Alert variant="destructive">{AUTH_MESSAGES.resetGenericError}</Alert>}
    </AuthPageFrame>
  );
}
