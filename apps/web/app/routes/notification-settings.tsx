import { NotificationSettingsView } from '~/features/notification-settings/components/notification-settings-view';
import type { Route } from './+types/notification-settings';

export const meta: Route.MetaFunction = () => [{ title: 'Email notifications — Keel' }];

export default function NotificationSettingsRoute() {
  return <NotificationSettingsView />;
}
