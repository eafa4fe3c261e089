import type { Database } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema.js';
import type { ListSubscribeResult } from './subscribe-waitlist.js';

/** Adds an email (already trimmed and lower-cased) to the weekly newsletter; a duplicate is not an error. */
export async function subscribeNewsletter(db: Database, email: string): Promise<ListSubscribeResult> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, source: 'newsletter' })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? 'subscribed' : 'already_subscribed';
}
