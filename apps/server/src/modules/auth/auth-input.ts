import { FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@keel/core/constants';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { isEmailLike, sanitizeEmailInput } from '@keel/core/email';
import { isStrongPassword, RESET_PASSWORD_RULE_MESSAGE } from '@keel/core/password';
import { SIGN_UP_MESSAGES } from '@keel/core/schemas';
import { AppError } from '../../lib/app-error.js';

/**
 * Server-side checks of SPEC §5 for the auth bodies. Each returns the clean value
 * or throws the message the forms show, so a scripted client meets the same rules.
 */
export type AuthBody = Record<string, unknown>;

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

export function asAuthBody(value: unknown): AuthBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid('Request body must be a JSON object');
  return value as AuthBody;
}

/** The §5 sanitiser, then the simple pattern; lower-cased as Better Auth stores it. */
export function readEmail(value: unknown): string {
  if (typeof value === 'string' && value.trim() === '') invalid(AUTH_MESSAGES.enterEmail);
  const sanitized = sanitizeEmailInput(value);
  if (!sanitized.ok) invalid(sanitized.message);
  if (sanitized.value === '') invalid(AUTH_MESSAGES.enterEmail);
  if (!isEmailLike(sanitized.value)) invalid(AUTH_MESSAGES.invalidEmail);
  return sanitized.value.toLowerCase();
}

export function readSignInPassword(value: unknown): string {
  if (typeof value !== 'string' || value === '') invalid(AUTH_MESSAGES.enterPassword);
  if (value.length > PASSWORD_MAX_LENGTH) invalid('Invalid email or password');
  return value;
}

export function readNewAccountPassword(value: unknown): string {
  if (typeof value !== 'string' || value === '') invalid(SIGN_UP_MESSAGES.password);
  if (value.length < PASSWORD_MIN_LENGTH) invalid(SIGN_UP_MESSAGES.passwordShort);
  if (value.length > PASSWORD_MAX_LENGTH) invalid(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  return value;
}

export function readResetPassword(value: unknown): string {
  if (typeof value !== 'string' || !isStrongPassword(value)) invalid(RESET_PASSWORD_RULE_MESSAGE);
  if (value.length > PASSWORD_MAX_LENGTH) invalid(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  return value;
}

export function readFullName(value: unknown): string {
  const name = typeof value === 'string' ? value.replace(/[<>]/g, '').trim() : '';
  if (name === '') invalid(SIGN_UP_MESSAGES.fullName);
  if (name.length > FULL_NAME_MAX_LENGTH) invalid(`Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`);
  return name;
}

/** A reset token as Better Auth mints them; anything else cannot be valid. */
export function readToken(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,200}$/.test(value) ? value : null;
}
