import { paths } from '@keel/core/paths';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '~/components/ui/alert';
import { useSession } from '~/hooks/use-session';
import { CloseAccountSection } from './close-account-section';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

/** What the email-change link reports when it lands here (?email=changed, with &error=… when it failed). */
function EmailChangeNotice() {
  const [search] = useSearchParams();
  if (search.get('email') !== 'changed') return null;
  if (search.get('error')) {
    return <Alert variant="destructive">That confirmation link has expired or was already used. Please ask for a new one.</Alert>;
  }
  return <Alert variant="success">Your email address is changed. Use the new one the next time you sign in.</Alert>;
}

/**
 * The account settings page. `signInSecurity` is where the sign-in protections
 * (two-step sign-in, passkeys) go, between the devices and the email.
 */
export function AccountSettingsView({ signInSecurity }: { signInSecurity?: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Account settings</h1>
        <p className="text-muted-foreground">
          Manage how you sign in and what Keel keeps about you. Your wallet and savings are on the{' '}
          <Link
            to={paths.vaultDashboard}
            className="font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Vault Dashboard
          </Link>
          ; which emails you get is under{' '}
          <Link
            to={paths.notificationSettings}
            className="font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Email notifications
          </Link>
          .
        </p>
      </div>
      <EmailChangeNotice />
      <SessionsSection />
      {signInSecurity}
      <EmailSection currentEmail={user.email} />
      <PasswordSection />
      <DataSection />
      <CloseAccountSection />
    </div>
  );
}
