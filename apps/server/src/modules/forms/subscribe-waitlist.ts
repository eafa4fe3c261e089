import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { prebuiltStatement } from '../../db/prebuilt-statement.js';
import { waitlistSignups, type newsletterSubscribers } from '../../db/schema.js';
import { createGroupWriter } from '../../lib/group-commit.js';

export type ListSubscribeResult = 'subscribed' | 'already_subscribed';
export type ListSubscriber = (email: string) => Promise<ListSubscribeResult>;

/** Emails waiting together for one insert: more than this many go as the next group. */
const MAX_EMAILS_PER_GROUP = 200;

/**
 * Adds emails (already trimmed and lower-cased) to a mailing list. ON CONFLICT
 * DO NOTHING RETURNING tells a duplicate apart without an error: on
 * node-postgres a failed insert would cost the pool its connection.
 *
 * Sign-ups arriving together are inserted by one statement, one commit (group
 * commit, lib/group-commit.ts); each answer waits for its own row's commit. An
 * email given twice in one group is subscribed once: the later one hears
 * 'already_subscribed', as it would have one after the other.
 */
export function createListSubscriber(
  db: Database,
  table: typeof waitlistSignups | typeof newsletterSubscribers,
  source: string,
): ListSubscriber {
  // One statement whatever the group's size (the emails as one array), written as SQL and built
  // once with a placeholder for them (db/prebuilt-statement.ts, docs/performance-log.md, rounds 3 and 12).
  const insert = prebuiltStatement<{ email: string }>(sql`
    insert into ${table} (email, source) select unnest(${sql.placeholder('emails')}::text[]), ${source}
    on conflict (email) do nothing returning email`);
  const writer = createGroupWriter<string, ListSubscribeResult>(
    async (emails) => {
      const rows = await insert.run(db, { emails: [...new Set(emails)] });
      const fresh = new Set(rows.map((row) => row.email));
      return emails.map((email) => {
        if (!fresh.has(email)) return 'already_subscribed';
        fresh.delete(email);
        return 'subscribed';
      });
    },
    { maxGroup: MAX_EMAILS_PER_GROUP },
  );
  return writer.submit;
}

/** Adds an email (already trimmed and lower-cased) to the mobile-app waitlist. */
export function createWaitlistSubscriber(db: Database): ListSubscriber {
  return createListSubscriber(db, waitlistSignups, 'mobile_waitlist');
}
