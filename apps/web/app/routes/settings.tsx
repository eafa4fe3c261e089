import type { Route } from './+types/settings';
import { AccountSettingsView } from '~/features/account-settings/components/account-settings-view';

export const meta: Route.MetaFunction = () => [{ title: 'Account settings — Keel' }];

export default function SettingsRoute() {
  return <AccountSettingsView />;
}
