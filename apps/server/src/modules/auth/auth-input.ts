import { ACCOUNT_SECURITY_MESSAGES, AUTH_MESSAGES, PASSKEY_NAME_MAX_LENGTH } from '@keel/core/auth-messages';
import { PASSWORD_MAX_LENGTH } from '@keel/core/constants';
import { authEmailSchema, fullNameSchema, newPasswordSchema, resetPasswordSchema } from '@keel/core/schemas';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/**
 * Server-side checks of the email and password rules for the auth bodies, with core's rules (the same
 * the forms use). Each returns the clean value or throws the message the forms
 * show, so a scripted client meets the same rules.
 */
export type AuthBody = Record<string, unknown>;

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message);
}

function read<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) invalid(parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

export function asAuthBody(value: unknown): AuthBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid('Request body must be a JSON object');
  return value as AuthBody;
}

/** Sanitised, pattern-checked and lower-cased (as Better Auth stores it) by core's one email rule. */
export function readEmail(value: unknown): string {
  return read(authEmailSchema, value);
}

export function readSignInPassword(value: unknown): string {
  if (typeof value !== 'string' || value === '') invalid(AUTH_MESSAGES.enterPassword);
  // Vague on purpose: a sign-in answer says nothing about which half was wrong.
  if (value.length > PASSWORD_MAX_LENGTH) invalid('Invalid email or password');
  return value;
}

export function readNewAccountPassword(value: unknown): string {
  return read(newPasswordSchema, value);
}

export function readResetPassword(value: unknown): string {
  return read(resetPasswordSchema, value);
}

export function readFullName(value: unknown): string {
  return read(fullNameSchema, value);
}

/** A reset token as Better Auth mints them; anything else cannot be valid. */
export function readToken(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,200}$/.test(value) ? value : null;
}

/** A code from an authenticator app: six digits (spaces people type between them are dropped). */
export function readAuthenticatorCode(value: unknown): string {
  const code = typeof value === 'string' ? value.replace(/\s/g, '') : '';
  if (!/^\d{6}$/.test(code)) invalid(ACCOUNT_SECURITY_MESSAGES.enterCode);
  return code;
}

const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

export function isBackupCodeShape(value: string): boolean {
  return BACKUP_CODE_PATTERN.test(value);
}

/** A backup code as Better Auth mints them: five letters or digits, a dash, five more. */
export function readBackupCode(value: unknown): string {
  const code = typeof value === 'string' ? value.trim() : '';
  if (!isBackupCodeShape(code)) invalid(ACCOUNT_SECURITY_MESSAGES.enterBackupCode);
  return code;
}

/** Either kind of code (turning two-step sign-in off accepts both). */
export function readAnyTwoStepCode(value: unknown): { kind: 'totp' | 'backup'; code: string } {
  const text = typeof value === 'string' ? value.trim() : '';
  if (isBackupCodeShape(text)) return { kind: 'backup', code: text };
  return { kind: 'totp', code: readAuthenticatorCode(text) };
}

/** The password that confirms a security change: present and within the cap (its check is Better Auth's). */
export function readCurrentPassword(value: unknown): string {
  if (typeof value !== 'string' || value === '') invalid(AUTH_MESSAGES.enterPassword);
  if (value.length > PASSWORD_MAX_LENGTH) invalid(ACCOUNT_SECURITY_MESSAGES.wrongPassword);
  return value;
}

export function readPasskeyName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  // The JSON body guard has already refused control characters.
  if (name === '') invalid(ACCOUNT_SECURITY_MESSAGES.enterPasskeyName);
  if (name.length > PASSKEY_NAME_MAX_LENGTH) invalid(ACCOUNT_SECURITY_MESSAGES.passkeyNameTooLong);
  return name;
}

/** A passkey row's id or a WebAuthn answer's credential id: base64url-ish, bounded. */
export function readPasskeyId(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(value)) invalid(ACCOUNT_SECURITY_MESSAGES.passkeyNotFound);
  return value;
}

/** The browser's WebAuthn answer: an object; its contents are checked by the WebAuthn verifier. */
export function readWebAuthnResponse(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as { id?: unknown }).id !== 'string') {
    invalid('The passkey answer is missing or malformed');
  }
  return value as Record<string, unknown>;
}
