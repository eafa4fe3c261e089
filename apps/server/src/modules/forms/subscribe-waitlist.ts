import type { Database } from '../../db/client.js';
import { waitlistSignups } from '../../db/schema.js';

export type ListSubscribeResult = 'subscribed' | 'already_subscribed';

/**
 * Adds an email (already trimmed and lower-cased) to the mobile-app waitlist.
 * ON CONFLICT DO NOTHING RETURNING tells a duplicate apart without an error:
 * on node-postgres a failed insert would cost the pool its connection.
 */
export async function subscribeWaitlist(db: Database, email: string): Promise<ListSubscribeResult> {
  const inserted = await db
    .insert(waitlistSignups)
    .values({ email, source: 'mobile_waitlist' })
    .onConflictDoNothing({ target: waitlistSignups.email })
    .returning({ id: waitlistSignups.id });
  return inserted.length > 0 ? 'subscribed' : 'already_subscribed';
}
