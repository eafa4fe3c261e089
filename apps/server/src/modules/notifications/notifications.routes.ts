import { notificationPreferencesUpdateSchema, type NotificationPreferencesAnswer } from '@keel/core/notifications';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { validate } from '../../lib/validate.js';
import { requireUser } from '../../middleware/require-user.js';
import { getPreferencesDocs, putPreferencesDocs } from './notifications.docs.js';
import { loadNotificationPreferences, saveNotificationPreferences } from './notification-preferences.js';

/** /api/notifications: the signed-in saver's choice of notification emails. */
export function notificationsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/preferences', getPreferencesDocs, requireUser, async (c) => {
      const answer: NotificationPreferencesAnswer = { preferences: await loadNotificationPreferences(deps.db, c.get('user').id) };
      return c.json(answer);
    })
    .put('/preferences', putPreferencesDocs, requireUser, validate('json', notificationPreferencesUpdateSchema), async (c) => {
      const userId = c.get('user').id;
      await saveNotificationPreferences(deps.db, userId, c.req.valid('json').preferences, new Date(deps.now()));
      const answer: NotificationPreferencesAnswer = { preferences: await loadNotificationPreferences(deps.db, userId) };
      return c.json(answer);
    });
}
