import { PasskeysSection } from '~/features/account-security/components/passkeys-section';
import { TwoFactorSection } from '~/features/account-security/components/two-factor-section';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = () => [{ title: 'Account Settings — Keel' }];

/** /settings: how the saver signs in. The account's other settings join this list as their sections are built. */
export default function SettingsRoute() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Account settings</h1>
      <TwoFactorSection />
      <PasskeysSection />
    </div>
  );
}
