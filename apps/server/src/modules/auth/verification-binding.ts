import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Database } from '../../db/client.js';
import { account, user } from '../../db/schema.js';

/**
 * A verification link is bound to the password the account had when the link
 * was mailed (claim `pwd`: an HMAC of the stored hash, never the hash itself).
 * A later sign-up for the same unverified email replaces the password, so every
 * earlier link stops working: the password that survives verification is
 * always the one chosen with the link that was clicked, never an older one.
 */
const PASSWORD_CLAIM = 'pwd';
/** Better Auth's provider id for email + password accounts. */
export const CREDENTIAL_PROVIDER = 'credential';

export function passwordFingerprint(secret: string, passwordHash: string): string {
  return createHmac('sha256', secret).update(`keel:verification:${passwordHash}`).digest('base64url').slice(0, 32);
}

export async function readPasswordHash(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, CREDENTIAL_PROVIDER)))
    .limit(1);
  return row?.password ?? null;
}

/** A verification token (Better Auth's JWT format) carrying the account's current password fingerprint. */
export async function mintVerificationToken(
  deps: { db: Database; secret: string; expiresInSeconds: number },
  target: { id: string; email: string },
): Promise<string> {
  const hash = await readPasswordHash(deps.db, target.id);
  return createEmailVerificationToken(deps.secret, target.email, undefined, deps.expiresInSeconds, {
    userId: target.id,
    ...(hash ? { [PASSWORD_CLAIM]: passwordFingerprint(deps.secret, hash) } : {}),
  });
}

/** The JWT's claims, unverified: Better Auth checks the signature when the request goes on. */
function readClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * False when the token names an unverified account whose password is no longer
 * the one the link was minted for (or a link minted without the binding). A
 * token that cannot be read, or names no such account, is left to Better Auth,
 * which refuses what is forged or expired.
 */
export async function isVerificationLinkCurrent(db: Database, secret: string, token: string): Promise<boolean> {
  const claims = readClaims(token);
  const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : null;
  if (!claims || !email) return true;
  const [owner] = await db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  if (!owner || owner.emailVerified) return true;
  const hash = await readPasswordHash(db, owner.id);
  const claimed = claims[PASSWORD_CLAIM];
  if (!hash || typeof claimed !== 'string') return false;
  const expected = Buffer.from(passwordFingerprint(secret, hash));
  const given = Buffer.from(claimed);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** An email-change link's two addresses (Better Auth's change-email token), or null for any other link. */
export function readEmailChange(token: string | null | undefined): { from: string; to: string } | null {
  const claims = token ? readClaims(token) : null;
  if (!claims || claims.requestType !== 'change-email-verification') return null;
  const { email, updateTo } = claims;
  return typeof email === 'string' && typeof updateTo === 'string' ? { from: email, to: updateTo } : null;
}
