import { ApiError, readJson } from '~/lib/api-client';
import { dropEarlyResponses, takeEarlyResponse } from '~/lib/early-requests';
import { humanErrorMessage } from '~/lib/error-messages';

/**
 * Plain fetch wrappers over Better Auth at /api/auth. The server answers errors
 * as { error: { code, message } } with the spec's messages, which these rethrow
 * as ApiError so every screen can show the server's text as is.
 */
const AUTH_BASE = '/api/auth';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type Session = { user: SessionUser } | null;

async function request<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown } = { method: 'GET' }): Promise<T> {
  const response = await fetch(`${AUTH_BASE}${path}`, {
    method: init.method,
    credentials: 'same-origin',
    headers: init.method === 'POST' ? { 'content-type': 'application/json' } : {},
    ...(init.method === 'POST' ? { body: JSON.stringify(init.body ?? {}) } : {}),
  });
  return readJson<T>(response);
}

type RawSession = { user: SessionUser & Record<string, unknown> } | null;

/** The signed-in user, or null. Using the session refreshes it on the server. */
export async function getSession(): Promise<Session> {
  const early = takeEarlyResponse(`${AUTH_BASE}/get-session`);
  const raw = early ? await readJson<RawSession>(await early) : await request<RawSession>('/get-session');
  if (!raw?.user) {
    // Anything else the page asked for early was asked for nobody.
    dropEarlyResponses();
    return null;
  }
  const { id, email, name, emailVerified } = raw.user;
  return { user: { id, email, name, emailVerified } };
}

export function signInWithEmail(input: { email: string; password: string }) {
  return request<{ user: SessionUser }>('/sign-in/email', { method: 'POST', body: input });
}

export function signUpWithEmail(input: { name: string; email: string; password: string }) {
  return request<{ status: true }>('/sign-up/email', { method: 'POST', body: input });
}

/** Global scope: the server ends every session of the user. */
export function signOutEverywhere() {
  return request<{ success: boolean }>('/sign-out', { method: 'POST', body: {} });
}

export function requestPasswordReset(input: { email: string }) {
  return request<{ status: true; message: string }>('/request-password-reset', { method: 'POST', body: input });
}

export function checkResetToken(token: string) {
  return request<{ valid: boolean }>('/reset-token-status', { method: 'POST', body: { token } });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return request<{ status: boolean }>('/reset-password', { method: 'POST', body: input });
}

export function resendVerificationEmail(input: { email: string }) {
  return request<{ status: boolean }>('/send-verification-email', { method: 'POST', body: input });
}

/** The server's message for a failed call (technical ones in plain words), or the screen's own fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'HTTP_ERROR') return fallback;
  return error instanceof ApiError ? humanErrorMessage(error, fallback) : fallback;
}

export function authErrorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
