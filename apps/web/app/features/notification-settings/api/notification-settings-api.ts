import type { NotificationPreferences, NotificationPreferencesUpdate } from '@keel/core/notifications';
import { api, readJson } from '~/lib/api-client';

export const NOTIFICATION_PREFERENCES_QUERY_KEY = ['notification-settings', 'preferences'] as const;

/** Every kind, on or off (a kind the saver never changed shows its default). */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return (await readJson(await api.notifications.preferences.$get())).preferences;
}

/** Turns the kinds given on or off; answers every kind as the server now has it. */
export async function saveNotificationPreferences(
  changes: NotificationPreferencesUpdate['preferences'],
): Promise<NotificationPreferences> {
  return (await readJson(await api.notifications.preferences.$put({ json: { preferences: changes } }))).preferences;
}
