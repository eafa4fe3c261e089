import { PasskeysSection } from '~/features/account-security/components/passkeys-section';
import { TwoFactorSection } from '~/features/account-security/components/two-factor-section';
import { AccountSettingsView } from '~/features/account-settings/components/account-settings-view';
import { SavingsPasskeysSection } from '~/features/passkey-account/components/savings-passkeys-section';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => [{ title: 'Account settings — Keel' }];

export default function SettingsRoute() {
  return (
    <AccountSettingsView
      signInSecurity={
        <>
          <TwoFactorSection />
          <PasskeysSection />
          <SavingsPasskeysSection />
        </>
      }
    />
  );
}
