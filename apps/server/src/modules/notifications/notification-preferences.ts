import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  isNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@keel/core/notifications';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationPreferences, user } from '../../db/schema.js';

/** Every kind's setting for one saver: their own choice, else core's default. */
export async function loadNotificationPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const row of rows) if (isNotificationKind(row.kind)) preferences[row.kind] = row.enabled;
  return preferences;
}

/**
 * Stores the saver's choice for the kinds given (the others keep theirs). A user who no longer exists
 * (the account was closed after the mail went out) has nothing to change: no row is written.
 */
export async function saveNotificationPreferences(
  db: Database,
  userId: string,
  changes: Partial<Record<NotificationKind, boolean>>,
  now: Date,
): Promise<void> {
  const values = NOTIFICATION_KINDS.flatMap((kind) => {
    const enabled = changes[kind];
    return enabled === undefined ? [] : [{ kind, enabled }];
  });
  if (values.length === 0) return;
  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!owner) return;
    await tx
      .insert(notificationPreferences)
      .values(values.map((value) => ({ userId, ...value, updatedAt: now })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt: now },
      });
  });
}
