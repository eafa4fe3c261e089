import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '@keel/core/paths';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { useSession } from '~/hooks/use-session';
import { useHydrated } from '~/hooks/use-hydrated';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

/** /sign-in: the sign-in form and its forgot-password mode (?mode=forgot opens it); signed-in visitors go on to next. */
export function SignInPanel() {
  // null until the visitor switches: /sign-in?mode=forgot (the 'password changed' mail's link) opens the reset form.
  const [chosenMode, setMode] = useState<'sign-in' | 'forgot' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { user } = useSession();
  const rawNext = searchParams.get('next');
  const destination = safeNextPath(rawNext) ?? paths.vaultDashboard;
  // The prerendered HTML has no query string: the subtitle names next only after hydration.
  const next = hydrated ? safeNextPath(rawNext) : null;
  const mode = chosenMode ?? (hydrated && searchParams.get('mode') === 'forgot' ? 'forgot' : 'sign-in');

  useEffect(() => {
    if (user) void navigate(destination, { replace: true });
  }, [user, destination, navigate]);

  const isForgot = mode === 'forgot';
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold leading-tight">{isForgot ? 'Reset Password' : 'Sign In'}</h1>
          <CardDescription>
            {isForgot
              ? "Enter your email address and we'll send you a link to reset your password."
              : next
                ? `Sign in to continue to ${next}`
                : 'Welcome back. Sign in to your Keel account.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isForgot ? (
            <ForgotPasswordForm
              onBack={() => setMode('sign-in')}
              onSent={(message) => {
                setNotice(message);
                setMode('sign-in');
              }}
            />
          ) : (
            <SignInForm
              notice={notice}
              onForgotPassword={() => {
                setNotice(null);
                setMode('forgot');
              }}
              onSignedIn={() => void navigate(destination, { replace: true })}
              onTwoStepRequired={() =>
                void navigate(`${paths.signInTwoStep}?${new URLSearchParams({ next: destination }).toString()}`)
              }
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
