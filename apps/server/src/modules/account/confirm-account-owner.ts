import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { user } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { readPasswordHash } from '../auth/verification-binding.js';

export type OwnerCheck = { ok: true } | { ok: false; reason: 'WRONG_PASSWORD' | 'CODE_REQUIRED' | 'WRONG_CODE'; message: string };

/**
 * Whether two-step sign-in is on for the account. The row is read as JSON so
 * the question can be asked whether or not the two-factor plugin's
 * `two_factor_enabled` column exists in this database: without it, it is off.
 */
export async function isTwoStepOn(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`coalesce((to_jsonb(${user}) ->> 'two_factor_enabled')::boolean, false)` })
    .from(user)
    .where(eq(user.id, userId));
  return row?.on === true;
}

/**
 * Checks a second-step code for the account. Codes are the two-factor plugin's
 * to verify; until it is part of this server, no code is accepted, so an
 * account with two-step sign-in on is never closed on its password alone.
 */
/** Whether `code` is a valid second-step code for the signed-in account these request headers belong to. */
export type SecondStepVerifier = (code: string, headers: Headers) => Promise<boolean>;

/** Re-authentication before closing: the password, and a second-step code when two-step sign-in is on. */
export async function confirmAccountOwner(
  deps: Pick<AppDeps, 'auth' | 'db'>,
  input: { userId: string; password: string; code: string | undefined; headers: Headers },
  verifySecondStep: SecondStepVerifier,
): Promise<OwnerCheck> {
  const hash = await readPasswordHash(deps.db, input.userId);
  const context = await deps.auth.$context;
  if (!hash || !(await context.password.verify({ hash, password: input.password }))) {
    return { ok: false, reason: 'WRONG_PASSWORD', message: ACCOUNT_MESSAGES.wrongPassword };
  }
  if (!(await isTwoStepOn(deps.db, input.userId))) return { ok: true };
  if (!input.code) return { ok: false, reason: 'CODE_REQUIRED', message: ACCOUNT_MESSAGES.codeRequired };
  if (!(await verifySecondStep(input.code, input.headers))) {
    return { ok: false, reason: 'WRONG_CODE', message: ACCOUNT_MESSAGES.wrongCode };
  }
  return { ok: true };
}
