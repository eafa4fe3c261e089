import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { session } from '../../db/schema.js';

/** Global sign-out: every session of the user, on every device, ends now. */
export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  const removed = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return removed.length;
}
