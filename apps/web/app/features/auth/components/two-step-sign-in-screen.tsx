import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_SECURITY_MESSAGES } from '@keel/core/auth-messages';
import { paths, safeNextPath } from '@keel/core/paths';
import { SubmitButton } from '~/components/submit-button';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { SESSION_QUERY_KEY } from '~/hooks/use-session';
import { hasErrorCode } from '~/lib/api-client';
import { authErrorMessage, verifyBackupCode, verifyTwoStepCode, type Session } from '~/lib/auth-client';
import { AuthPageFrame } from './auth-page-frame';

const FALLBACK = 'That code could not be checked. Please try again.';

/** The codes the server gives when this sign-in cannot go on: the password step must be done again. */
function isSignInOver(error: unknown): boolean {
  return hasErrorCode(error, 'INVALID_TWO_FACTOR_COOKIE') || hasErrorCode(error, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
}

/** /sign-in/two-step: after a right password, a code from the authenticator app (or a backup code) finishes signing in. */
export function TwoStepSignInScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const destination = safeNextPath(searchParams.get('next')) ?? paths.vaultDashboard;
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isOver, setIsOver] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const signInAgain = `${paths.signIn}?${new URLSearchParams({ next: destination }).toString()}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setError(null);
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (useBackupCode ? !/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code) : !/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(useBackupCode ? ACCOUNT_SECURITY_MESSAGES.enterBackupCode : ACCOUNT_SECURITY_MESSAGES.enterCode);
      return;
    }
    setIsSubmitting(true);
    try {
      const { user } = await (useBackupCode ? verifyBackupCode(code) : verifyTwoStepCode(code.replace(/\s/g, '')));
      const session: Session = { user };
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      await navigate(destination, { replace: true });
    } catch (failure) {
      setIsOver(isSignInOver(failure));
      setError(authErrorMessage(failure, FALLBACK));
      setIsSubmitting(false);
    }
  };

  return (
    <AuthPageFrame
      title="Two-step sign-in"
      description={
        useBackupCode
          ? 'Enter one of the backup codes you saved when you turned on two-step sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Keel.'
      }
    >
      {error && (
        <Alert variant="destructive" className="flex flex-col gap-2">
          <span>{error}</span>
          {isOver && (
            <Link to={signInAgain} className="font-medium underline underline-offset-4">
              Sign in again
            </Link>
          )}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Two-step sign-in">
        <div className="flex flex-col gap-2">
          <Label htmlFor="two-step-code">{useBackupCode ? 'Backup code' : 'Code from your authenticator app'}</Label>
          <Input
            key={useBackupCode ? 'backup' : 'app'}
            id="two-step-code"
            name="code"
            autoComplete="one-time-code"
            inputMode={useBackupCode ? 'text' : 'numeric'}
            maxLength={useBackupCode ? 11 : 7}
            placeholder={useBackupCode ? 'ABCDE-12345' : '123456'}
            autoFocus
            aria-invalid={error !== null && !isOver}
          />
        </div>
        <SubmitButton size="lg" isBusy={isSubmitting} busyLabel="Checking...">
          Continue
        </SubmitButton>
      </form>
      <Button
        type="button"
        variant="link"
        className="h-auto self-start p-0"
        onClick={() => {
          setError(null);
          setUseBackupCode(!useBackupCode);
        }}
      >
        {useBackupCode ? 'Use a code from my authenticator app' : 'Use a backup code instead'}
      </Button>
      <p className="text-sm text-muted-foreground">
        Lost your phone and your backup codes?{' '}
        <Link to={paths.support} className="font-medium text-primary underline-offset-4 hover:underline">
          Contact support
        </Link>
      </p>
    </AuthPageFrame>
  );
}
