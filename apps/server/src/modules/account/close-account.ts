import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimits, securityAuditLog, user, verification } from '../../db/schema.js';

/**
 * Erases an account's personal data in one transaction: the user row, and with
 * it (foreign keys, on delete cascade) its sessions, sign-in methods, wallet
 * links, transfer records, known devices and wallet-link nonces; its pending
 * reset tokens; the rate-limit counters keyed by its email. The security log
 * is kept, as the record of what happened to the account, with every email
 * address taken out of it. Nothing else references the email, so it can sign
 * up again at once. Returns false when the account was already gone.
 */
export async function eraseAccount(db: Database, account: { id: string; email: string }): Promise<boolean> {
  // Every metadata key that can hold an email address.
  const withoutEmails = sql`${securityAuditLog.metadata} - array['email', 'newEmail', 'oldEmail']`;
  return db.transaction(async (tx) => {
    await tx.update(securityAuditLog).set({ metadata: withoutEmails }).where(eq(securityAuditLog.userId, account.id));
    // Failed sign-ins and limit denials are logged by email before any account is known.
    await tx
      .update(securityAuditLog)
      .set({ metadata: withoutEmails })
      .where(sql`${securityAuditLog.metadata} ->> 'email' = ${account.email}`);
    const emailSuffix = `:email:${account.email}`;
    await tx.delete(rateLimits).where(sql`right(${rateLimits.key}, ${emailSuffix.length}) = ${emailSuffix}`);
    // A reset token's row holds the account id as its value.
    await tx.delete(verification).where(eq(verification.value, account.id));
    const removed = await tx.delete(user).where(eq(user.id, account.id)).returning({ id: user.id });
    return removed.length > 0;
  });
}
