import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { authEmailSchema, resetPasswordSchema } from './schemas.js';

/**
 * The account settings page's contract: what its /api/auth endpoints read and
 * answer (the server's routes are checked against these types, the page's
 * client is typed by them), the input rules both sides apply, and its words.
 */

/** One signed-in browser as the sessions list shows it: never its token. */
export type AccountSession = {
  id: string;
  browser: string;
  os: string;
  createdAt: string;
  /** When the session was last refreshed: a request moves it at most every few minutes. */
  lastActiveAt: string;
  /** The browser asking. */
  isCurrent: boolean;
};

export type AccountAuthEndpoints = {
  '/list-sessions': { body: never; answer: { sessions: AccountSession[] } };
  '/revoke-session': { body: { id: string }; answer: { status: true } };
  '/revoke-other-sessions': { body: Record<string, never>; answer: { status: true } };
  '/change-email': { body: { newEmail: string }; answer: { status: true } };
  '/change-password': { body: { currentPassword: string; newPassword: string }; answer: { status: true } };
};

export type AccountAuthPath = keyof AccountAuthEndpoints;
export type AccountAuthBodyOf<Path extends AccountAuthPath> = AccountAuthEndpoints[Path]['body'];
export type AccountAuthAnswerOf<Path extends AccountAuthPath> = AccountAuthEndpoints[Path]['answer'];

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Enter your current password',
  passwordRequired: 'Enter your password to confirm',
  passwordTooLong: 'That password is too long',
  codeInvalid: 'Enter the 6-digit code from your authenticator app, or a backup code',
  codeRequired: 'Two-step sign-in is on: enter a code from your authenticator app',
  wrongPassword: 'That password is not right',
  wrongCode: 'That code is not right',
  sessionUnknown: 'That session has already ended',
  sameEmail: 'That is already your email address',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  exportRateLimited: 'You have downloaded your data several times recently. Please try again in an hour.',
} as const;

const existingPassword = (required: string) =>
  z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

/** A session's id from the list (Better Auth's ids: letters, digits, - and _). */
export const revokeSessionSchema = z.strictObject({
  id: z.string({ error: ACCOUNT_MESSAGES.sessionUnknown }).regex(/^[A-Za-z0-9_-]{1,200}$/, ACCOUNT_MESSAGES.sessionUnknown),
});

export const changeEmailSchema = z.strictObject({ newEmail: authEmailSchema });

/** A password changed from settings meets the same rule as one set from a reset link. */
export const changePasswordSchema = z.strictObject({
  currentPassword: existingPassword(ACCOUNT_MESSAGES.currentPasswordRequired),
  newPassword: resetPasswordSchema,
});

/** An authenticator's 6 digits or a backup code (letters, digits and dashes). */
const secondStepCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{6,32}$/, ACCOUNT_MESSAGES.codeInvalid);

export const closeAccountSchema = z.strictObject({
  password: existingPassword(ACCOUNT_MESSAGES.passwordRequired),
  code: secondStepCode.optional(),
});
export type CloseAccountInput = z.input<typeof closeAccountSchema>;

/** The JSON file "Download my data" saves: its name carries the day it was made. */
export function exportFileName(isoDay: string): string {
  return `keel-account-data-${isoDay}.json`;
}
