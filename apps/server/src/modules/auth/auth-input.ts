import { AUTH_MESSAGES } from '@keel/core/auth-messages';
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
