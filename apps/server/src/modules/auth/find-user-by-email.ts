import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { user } from '../../db/schema.js';

/** For audit rows only: whose account an (already lower-cased) email belongs to, if anyone's. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id ?? null;
}
