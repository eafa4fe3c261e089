import type { Database } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema.js';
import { createListSubscriber, type ListSubscriber } from './subscribe-waitlist.js';

/** Adds an email (already trimmed and lower-cased) to the weekly newsletter; a duplicate is not an error. */
export function createNewsletterSubscriber(db: Database): ListSubscriber {
  return createListSubscriber(db, newsletterSubscribers, 'newsletter');
}
