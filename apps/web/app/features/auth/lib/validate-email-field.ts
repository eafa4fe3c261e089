import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { isEmailLike, sanitizeEmailInput } from '@keel/core/email';

export type EmailFieldResult = { ok: true; email: string } | { ok: false; message: string };

/**
 * Sign-in and reset-request email rules (SPEC §5): required, the simple pattern,
 * then the sanitiser; the address is sent trimmed and lower-cased.
 */
export function validateEmailField(raw: string): EmailFieldResult {
  const value = raw.trim();
  if (value === '') return { ok: false, message: AUTH_MESSAGES.enterEmail };
  if (!isEmailLike(value)) return { ok: false, message: AUTH_MESSAGES.invalidEmail };
  const sanitized = sanitizeEmailInput(value);
  if (!sanitized.ok) return { ok: false, message: sanitized.message };
  return { ok: true, email: sanitized.value.toLowerCase() };
}
