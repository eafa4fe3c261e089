import type { AuthAnswerOf, AuthBodyOf, AuthPath, SessionUser } from '@keel/core/auth-api';
import { ApiError, hasErrorCode, readJson } from '~/lib/api-client';
import { dropEarlyResponses, takeEarlyResponse } from '~/lib/early-requests';
import { humanErrorMessage } from '~/lib/error-messages';

/**
 * Bare fetch over Keel's /api/auth routes, typed by the contract the server's
 * routes are checked against (core's auth-api.ts). Not the Hono client: the
 * sign-in and sign-up pages must not load it. Errors arrive as ApiError with
 * the server's code, so every screen chooses its words by code.
 */
const AUTH_BASE = '/api/auth';

export type { SessionUser };
export type Session = AuthAnswerOf<'/get-session'>;

async function post<Path extends AuthPath>(path: Path, body: AuthBodyOf<Path>): Promise<AuthAnswerOf<Path>> {
  const response = await fetch(`${AUTH_BASE}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readJson<AuthAnswerOf<Path>>(response);
}

async function get<Path extends AuthPath>(path: Path): Promise<AuthAnswerOf<Path>> {
  const early = takeEarlyResponse(`${AUTH_BASE}${path}`);
  const response = early ? await early : await fetch(`${AUTH_BASE}${path}`, { method: 'GET', credentials: 'same-origin' });
  return readJson<AuthAnswerOf<Path>>(response);
}

/** The signed-in user, or null. Using the session refreshes it on the server. */
export async function getSession(): Promise<Session> {
  const answer = await get('/get-session');
  if (!answer?.user) {
    // Anything else the page asked for early was asked for nobody.
    dropEarlyResponses();
    return null;
  }
  const { id, email, name, emailVerified } = answer.user;
  return { user: { id, email, name, emailVerified } };
}

export function signInWithEmail(input: AuthBodyOf<'/sign-in/email'>) {
  return post('/sign-in/email', input);
}

export function signUpWithEmail(input: AuthBodyOf<'/sign-up/email'>) {
  return post('/sign-up/email', input);
}

/** Global scope: the server ends every session of the user. */
export function signOutEverywhere() {
  return post('/sign-out', {});
}

export function requestPasswordReset(input: AuthBodyOf<'/request-password-reset'>) {
  return post('/request-password-reset', input);
}

export function checkResetToken(token: string) {
  return post('/reset-token-status', { token });
}

export function resetPassword(input: AuthBodyOf<'/reset-password'>) {
  return post('/reset-password', input);
}

export function resendVerificationEmail(input: AuthBodyOf<'/send-verification-email'>) {
  return post('/send-verification-email', input);
}

export function getTwoStepStatus() {
  return get('/two-factor/status');
}

/** Step one of turning two-step sign-in on: the authenticator app's address and the backup codes. */
export function startTwoStepSetup(password: string) {
  return post('/two-factor/enable', { password });
}

/** A code from the authenticator app: a sign-in's second step, or (signed in) the code that turns it on. */
export function verifyTwoStepCode(code: string) {
  return post('/two-factor/verify-totp', { code });
}

export function verifyBackupCode(code: string) {
  return post('/two-factor/verify-backup-code', { code });
}

export function renewBackupCodes(password: string) {
  return post('/two-factor/generate-backup-codes', { password });
}

export function turnOffTwoStep(input: AuthBodyOf<'/two-factor/disable'>) {
  return post('/two-factor/disable', input);
}

export function listPasskeys() {
  return get('/passkey/list-user-passkeys');
}

export function removePasskey(id: string) {
  return post('/passkey/delete-passkey', { id });
}

export function getPasskeyRegistrationOptions(name: string) {
  return post('/passkey/generate-register-options', { name });
}

export function savePasskey(input: AuthBodyOf<'/passkey/verify-registration'>) {
  return post('/passkey/verify-registration', input);
}

export function getPasskeySignInOptions() {
  return get('/passkey/generate-authenticate-options');
}

export function verifyPasskeySignIn(response: unknown) {
  return post('/passkey/verify-authentication', { response });
}

/** The server's message for a failed call (technical ones in plain words), or the screen's own fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || hasErrorCode(error, 'HTTP_ERROR')) return fallback;
  return humanErrorMessage(error, fallback);
}
