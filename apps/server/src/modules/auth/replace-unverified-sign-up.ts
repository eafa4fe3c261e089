import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { account, session, user } from '../../db/schema.js';
import type { Auth } from './create-auth.js';
import { CREDENTIAL_PROVIDER } from './verification-binding.js';

export type ExistingSignUp = 'none' | 'verified' | 'replaced';

/**
 * A sign-up for an email whose account was never verified takes that account
 * over: the new password and name replace the old ones and any session ends.
 * Whoever registered the address first (perhaps to squat it) keeps nothing,
 * and their verification links stop working (see verification-binding.ts).
 * A verified account is never touched.
 */
export async function replaceUnverifiedSignUp(
  deps: { db: Database; auth: Auth },
  input: { email: string; name: string; password: string },
): Promise<ExistingSignUp> {
  const [existing] = await deps.db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, input.email))
    .limit(1);
  if (!existing) return 'none';
  if (existing.emailVerified) return 'verified';
  const context = await deps.auth.$context;
  const hash = await context.password.hash(input.password);
  const isCredential = and(eq(account.userId, existing.id), eq(account.providerId, CREDENTIAL_PROVIDER));
  const [credential] = await deps.db.select({ id: account.id }).from(account).where(isCredential).limit(1);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.update(user).set({ name: input.name, updatedAt: now }).where(eq(user.id, existing.id));
    await tx.delete(session).where(eq(session.userId, existing.id));
    if (credential) {
      await tx.update(account).set({ password: hash, updatedAt: now }).where(isCredential);
    } else {
      await tx.insert(account).values({
        id: context.generateId({ model: 'account' }) || randomUUID(),
        accountId: existing.id,
        providerId: CREDENTIAL_PROVIDER,
        userId: existing.id,
        password: hash,
      });
    }
  });
  return 'replaced';
}
