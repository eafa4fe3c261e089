import { ACCOUNT_SECURITY_MESSAGES, AUTH_MESSAGES } from '@keel/core/auth-messages';
import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

/** Two-step sign-in and passkeys: the routes read their bodies themselves (auth-input.ts), so they are described here. */

const TAG = 'Account security';
const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() });
const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), backedUp: z.boolean() });
const CODE = z.string().describe('Six digits from the authenticator app');
const BACKUP_CODE = z.string().describe('A backup code, five letters or digits, a dash, five more');
const PASSWORD = z.string().describe('The account’s current password');
const TWO_STEP_LIMIT = `RATE_LIMITED "${ACCOUNT_SECURITY_MESSAGES.twoStepRateLimited}" (per account and per IP)`;
const CHANGE_LIMIT = `RATE_LIMITED "${ACCOUNT_SECURITY_MESSAGES.securityRateLimited}" (per account)`;
const webAuthnOptions = z.record(z.string(), z.unknown()).describe('PublicKeyCredential options as JSON (WebAuthn Level 3)');

export const twoStepStatusDocs = describe({
  tag: TAG,
  summary: 'Is two-step sign-in on for this account?',
  signedIn: true,
  responses: { 200: jsonResponse('On or off', z.object({ enabled: z.boolean() })) },
});

export const turnOnTwoStepDocs = describe({
  tag: TAG,
  summary: 'Start turning two-step sign-in on',
  description:
    'Answers the otpauth:// address for the authenticator app and 10 backup codes. Nothing changes at sign-in until the first code confirms it (verify-totp, signed in).',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ password: PASSWORD }),
  responses: {
    200: jsonResponse('The secret and backup codes', z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) })),
  },
  errors: {
    400: `INVALID_PASSWORD "${ACCOUNT_SECURITY_MESSAGES.wrongPassword}", or VALIDATION_FAILED "${AUTH_MESSAGES.enterPassword}"`,
    409: `CONFLICT "${ACCOUNT_SECURITY_MESSAGES.twoStepAlreadyOn}"`,
    429: CHANGE_LIMIT,
  },
});

export const verifyTotpDocs = describe({
  tag: TAG,
  summary: 'A code from the authenticator app: the second step of a sign-in, or (signed in) the code that turns it on',
  description:
    'After a password sign-in answered { twoStepRequired: true }, the two-step cookie names the account and a right code sets the session cookie. Signed in, the first code turns two-step sign-in on and rotates the session.',
  changesState: true,
  requestBody: z.object({ code: CODE }),
  responses: { 200: jsonResponse('Signed in (or turned on); answers the user only', z.object({ user: userSchema })) },
  errors: {
    400: `VALIDATION_FAILED "${ACCOUNT_SECURITY_MESSAGES.enterCode}"`,
    401: `INVALID_CODE "${ACCOUNT_SECURITY_MESSAGES.wrongCode}", or INVALID_TWO_FACTOR_COOKIE "${ACCOUNT_SECURITY_MESSAGES.twoStepExpired}"`,
    409: `CONFLICT "${ACCOUNT_SECURITY_MESSAGES.twoStepAlreadyOn}" (signed in)`,
    429: TWO_STEP_LIMIT,
  },
});

export const verifyBackupCodeDocs = describe({
  tag: TAG,
  summary: 'The second step of a sign-in with a backup code (each works once)',
  changesState: true,
  requestBody: z.object({ code: BACKUP_CODE }),
  responses: { 200: jsonResponse('Signed in; answers the user only', z.object({ user: userSchema })) },
  errors: {
    400: `VALIDATION_FAILED "${ACCOUNT_SECURITY_MESSAGES.enterBackupCode}"`,
    401: `INVALID_BACKUP_CODE "${ACCOUNT_SECURITY_MESSAGES.wrongBackupCode}", or INVALID_TWO_FACTOR_COOKIE`,
    429: TWO_STEP_LIMIT,
  },
});

export const renewBackupCodesDocs = describe({
  tag: TAG,
  summary: 'New backup codes (the old ones stop working)',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ password: PASSWORD }),
  responses: { 200: jsonResponse('Ten new codes', z.object({ backupCodes: z.array(z.string()) })) },
  errors: { 400: `INVALID_PASSWORD, or "${ACCOUNT_SECURITY_MESSAGES.twoStepNotOn}"`, 429: CHANGE_LIMIT },
});

export const turnOffTwoStepDocs = describe({
  tag: TAG,
  summary: 'Turn two-step sign-in off (password and a code)',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ password: PASSWORD, code: z.string().describe('Six digits from the app, or a backup code') }),
  responses: { 200: jsonResponse('Turned off; the session is rotated', z.object({ status: z.literal(true) })) },
  errors: {
    400: `VALIDATION_FAILED, or "${ACCOUNT_SECURITY_MESSAGES.twoStepNotOn}"`,
    401: `UNAUTHORIZED "${ACCOUNT_SECURITY_MESSAGES.wrongPassword}", "${ACCOUNT_SECURITY_MESSAGES.wrongCode}" or "${ACCOUNT_SECURITY_MESSAGES.wrongBackupCode}"`,
    429: TWO_STEP_LIMIT,
  },
});

export const passkeyRegisterOptionsDocs = describe({
  tag: TAG,
  summary: 'WebAuthn options to add a passkey (ES256 or RS256, discoverable, user verification required)',
  description: 'Better Auth answers this as a GET; Keel takes it as a POST with the chosen name, so it passes the origin check.',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ name: z.string().describe('1-50 characters') }),
  responses: { 200: jsonResponse('Creation options; a challenge cookie is set', webAuthnOptions) },
  errors: { 400: `VALIDATION_FAILED "${ACCOUNT_SECURITY_MESSAGES.enterPasskeyName}"`, 429: CHANGE_LIMIT },
});

export const addPasskeyDocs = describe({
  tag: TAG,
  summary: 'Add a named passkey from the browser’s WebAuthn answer',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ response: z.record(z.string(), z.unknown()), name: z.string().describe('1-50 characters') }),
  responses: { 200: jsonResponse('The passkey as listed', z.object({ passkey: passkeySchema })) },
  errors: {
    400: `VALIDATION_FAILED "${ACCOUNT_SECURITY_MESSAGES.enterPasskeyName}", FAILED_TO_VERIFY_REGISTRATION, USER_VERIFICATION_REQUIRED or UNSUPPORTED_PASSKEY`,
    429: CHANGE_LIMIT,
  },
});

export const listPasskeysDocs = describe({
  tag: TAG,
  summary: 'The account’s passkeys, oldest first',
  signedIn: true,
  responses: { 200: jsonResponse('Name, date added, whether it is synced', z.object({ passkeys: z.array(passkeySchema) })) },
});

export const removePasskeyDocs = describe({
  tag: TAG,
  summary: 'Remove a passkey',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ id: z.string() }),
  responses: { 200: jsonResponse('Removed', z.object({ status: z.literal(true) })) },
  errors: { 404: `PASSKEY_NOT_FOUND "${ACCOUNT_SECURITY_MESSAGES.passkeyNotFound}"`, 429: CHANGE_LIMIT },
});

export const passkeySignInOptionsDocs = describe({
  tag: TAG,
  summary: 'WebAuthn options to sign in with a passkey (no email needed)',
  description: 'Stores a challenge for any visitor (as a sign-in form would), limited per IP.',
  responses: { 200: jsonResponse('Request options; a challenge cookie is set', webAuthnOptions) },
  errors: { 429: `RATE_LIMITED "${AUTH_MESSAGES.signInRateLimited}" (per IP)` },
});

export const passkeySignInDocs = describe({
  tag: TAG,
  summary: 'Sign in with a passkey (no second step: the device verified the saver)',
  changesState: true,
  requestBody: z.object({ response: z.record(z.string(), z.unknown()) }),
  responses: { 200: jsonResponse('Sets the HttpOnly session cookie; answers the user only', z.object({ user: userSchema })) },
  errors: {
    401: `AUTHENTICATION_FAILED or PASSKEY_NOT_FOUND "${ACCOUNT_SECURITY_MESSAGES.passkeySignInFailed}", USER_VERIFICATION_REQUIRED`,
    429: `RATE_LIMITED "${AUTH_MESSAGES.signInRateLimited}" (per IP)`,
  },
});
