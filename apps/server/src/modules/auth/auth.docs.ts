import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

/**
 * The auth routes read their bodies with core's rules themselves (auth-input.ts,
 * the same rules as the forms), so their request bodies are described here.
 */

const TAG = 'Auth';
const EMAIL = z.string().describe('At most 254 characters; sanitised (no markup or script schemes) and lower-cased');
const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() });
const statusTrue = z.object({ status: z.literal(true) });
const SIGN_IN_LIMIT = `RATE_LIMITED "${AUTH_MESSAGES.signInRateLimited}" (per email and per IP)`;
const SESSION_COOKIE = 'Sets the HttpOnly session cookie';

export const getSessionDocs = describe({
  tag: TAG,
  summary: 'The signed-in user, or null',
  description: 'Never answers the session token. A request renews the session (Set-Cookie) until the absolute lifetime ends.',
  responses: { 200: jsonResponse('The user or null', z.object({ user: userSchema }).nullable()) },
});

export const signInDocs = describe({
  tag: TAG,
  summary: 'Sign in with email and password',
  changesState: true,
  requestBody: z.object({ email: EMAIL, password: z.string(), rememberMe: z.boolean().optional() }),
  responses: { 200: jsonResponse(`${SESSION_COOKIE}; answers the user only`, z.object({ user: userSchema })) },
  errors: {
    400: `VALIDATION_FAILED "${AUTH_MESSAGES.enterEmail}", "${AUTH_MESSAGES.invalidEmail}", "${AUTH_MESSAGES.enterPassword}" or a sanitiser message`,
    401: 'INVALID_EMAIL_OR_PASSWORD (Better Auth’s message, shown as is)',
    403: `EMAIL_NOT_VERIFIED (a new verification link is mailed), or INVALID_ORIGIN "${AUTH_MESSAGES.invalidOrigin}"`,
    429: SIGN_IN_LIMIT,
  },
});

export const signUpDocs = describe({
  tag: TAG,
  summary: 'Create an account (a verification link is mailed)',
  description:
    'One fixed answer whether the email was new or taken, so nothing can be enumerated. A sign-up for an unverified account replaces its password and name.',
  changesState: true,
  requestBody: z.object({
    name: z.string().describe('Full name'),
    email: EMAIL,
    password: z.string().describe('At least 8 characters'),
  }),
  responses: { 200: jsonResponse('Accepted', statusTrue) },
  errors: {
    400: 'VALIDATION_FAILED with the sign-up form’s messages',
    429: `RATE_LIMITED "${AUTH_MESSAGES.signUpRateLimited}" (per email, per IP, and the all-clients auth-mail ceiling)`,
  },
});

export const signOutDocs = describe({
  tag: TAG,
  summary: 'Sign out everywhere (every session of the account ends)',
  description: 'Send the JSON body {}.',
  changesState: true,
  responses: { 200: jsonResponse('Signed out; the cookie is cleared', z.object({ success: z.boolean() })) },
});

export const requestResetDocs = describe({
  tag: TAG,
  summary: 'Mail a password-reset link',
  description: 'The same answer whether or not an account exists.',
  changesState: true,
  requestBody: z.object({ email: EMAIL }),
  responses: {
    200: jsonResponse(`"${AUTH_MESSAGES.resetRequested}"`, z.object({ status: z.literal(true), message: z.string() })),
  },
  errors: { 429: `RATE_LIMITED "${AUTH_MESSAGES.resetRateLimited}"` },
});

export const resetTokenStatusDocs = describe({
  tag: TAG,
  summary: 'Is a reset token still usable? (the reset page asks before showing the form)',
  changesState: true,
  requestBody: z.object({ token: z.string() }),
  responses: { 200: jsonResponse('Whether the token is valid', z.object({ valid: z.boolean() })) },
});

export const resetPasswordDocs = describe({
  tag: TAG,
  summary: 'Set a new password with a reset token',
  description: 'Ends every session of the account and mails "Your Keel password was changed".',
  changesState: true,
  requestBody: z.object({ token: z.string(), newPassword: z.string().describe('At least 8 characters and 3 of 5 checks') }),
  responses: { 200: jsonResponse('Password changed', z.object({ status: z.boolean() })) },
  errors: {
    400: `INVALID_TOKEN "${AUTH_MESSAGES.invalidResetLink}", or VALIDATION_FAILED with the reset rule’s message`,
  },
});

export const resendVerificationDocs = describe({
  tag: TAG,
  summary: 'Mail a new verification link',
  changesState: true,
  requestBody: z.object({ email: EMAIL }),
  responses: { 200: jsonResponse('Accepted (the same whether or not the account exists)', statusTrue) },
  errors: { 429: `RATE_LIMITED "${AUTH_MESSAGES.resendRateLimited}"` },
});

export const verifyEmailDocs = describe({
  tag: TAG,
  summary: 'The verification link mailed to the user',
  description:
    'Verifies the email, signs the user in, and redirects to /auth/callback?type=signup (or ?error=… for a dead link).',
  responses: { 302: { description: 'Redirect to /auth/callback' } },
});

export const resetLinkDocs = describe({
  tag: TAG,
  summary: 'The reset link mailed to the user',
  description: 'Checks the token and redirects to /auth/callback?type=recovery&token=… (or ?error=INVALID_TOKEN).',
  responses: { 302: { description: 'Redirect to /auth/callback' } },
});
