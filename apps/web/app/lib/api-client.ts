import type { AuthErrorCode, ErrorBody, ErrorCode } from '@keel/core/api-error';
import { hc } from 'hono/client';
import type { ApiRoutes } from '@keel/server/app-type';

/** The typed client for /api, typed from the server's own routes. */
export const api = hc<ApiRoutes>('/api', { init: { credentials: 'same-origin' } });

/** The code the client gives an answer that is not in Keel's error shape (a proxy's page, say). */
export type ClientErrorCode = 'HTTP_ERROR';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Whether a failed call answered with this code (Keel's own, or one of Better Auth's that a screen reacts to). */
export function hasErrorCode(error: unknown, code: ErrorCode | AuthErrorCode | ClientErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

// Any code, not only Keel's: /api/auth passes Better Auth's own through.
function isErrorBody(value: unknown): value is ErrorBody<string> {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    'code' in error &&
    typeof error.code === 'string'
  );
}

/** Reads a JSON response: the body on 2xx, an ApiError with the server's message otherwise. */
export async function readJson<T>(response: { ok: boolean; status: number; json: () => Promise<T> }): Promise<T> {
  if (response.ok) return response.json();
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, say): fall through to the generic message.
  }
  if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message);
  const code: ClientErrorCode = 'HTTP_ERROR';
  throw new ApiError(response.status, code, `Request failed (${response.status})`);
}
