import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { VERIFICATION_REDIRECT_MS } from '@keel/core/constants';
import { paths } from '@keel/core/paths';
import { Alert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/submit-button';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { sessionQueryOptions } from '~/hooks/use-session';
import { useResendVerification } from '../hooks/use-resend-verification';
import { AUTH_EMAIL_COPY } from '@keel/core/auth-messages';
import { parseEmail } from '@keel/core/email';
import { AuthPageFrame } from './auth-page-frame';

type VerificationState = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

function ResendForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const { resend, isSending } = useResendVerification();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const checked = parseEmail(email, AUTH_EMAIL_COPY);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    await resend(checked.email);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Resend verification email">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor="verification-email">Email Address</Label>
        <Input
          id="verification-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <SubmitButton isBusy={isSending} busyLabel="Sending...">
        Resend Verification Email
      </SubmitButton>
    </form>
  );
}

/** /email-verification: confirms the session's email is verified, else offers a real resend. */
export function EmailVerificationScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<VerificationState>({ kind: 'verifying' });
  const [initialEmail] = useState(() => new URLSearchParams(window.location.search).get('email') ?? '');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    queryClient
      .fetchQuery(sessionQueryOptions)
      .then((session) => {
        if (session?.user.emailVerified) {
          setState({ kind: 'success' });
          toast.success(AUTH_MESSAGES.emailVerified);
        } else {
          setState({ kind: 'error', message: AUTH_MESSAGES.verificationFailed });
        }
      })
      .catch(() => setState({ kind: 'error', message: AUTH_MESSAGES.verificationError }));
  }, [queryClient]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = window.setTimeout(() => void navigate(paths.vaults, { replace: true }), VERIFICATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  if (state.kind === 'verifying') {
    return (
      <AuthPageFrame title="Verifying your email">
        <div className="flex items-center gap-3 text-muted-foreground">
          <Spinner className="size-5 text-primary" label="Verifying" />
          <span>Verifying your email...</span>
        </div>
      </AuthPageFrame>
    );
  }
  if (state.kind === 'success') {
    return (
      <AuthPageFrame title="Email verified">
        <p className="flex items-center gap-2 text-green-700 dark:text-green-400">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {AUTH_MESSAGES.emailVerified}
        </p>
        <p className="text-sm text-muted-foreground">Taking you to your vaults...</p>
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame title="Email verification">
      <Alert variant="destructive">{state.message}</Alert>
      <p className="text-sm text-muted-foreground">
        Need a new link? Enter the email you signed up with and we&apos;ll send another one.
      </p>
      <ResendForm initialEmail={initialEmail} />
      <Button asChild variant="ghost">
        <Link to={paths.signIn}>Back to Sign In</Link>
      </Button>
    </AuthPageFrame>
  );
}
