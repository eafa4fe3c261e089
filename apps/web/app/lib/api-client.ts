import { hc } from 'hono/client';
import type { ApiRoutes } from '@keel/server/app-type';

/** The typed client for /api, typed from the server's own routes. */
export const api = hc<ApiRoutes>('/api', { init: { credentials: 'same-origin' } });

export type ApiErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

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

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error && 'code' in error;
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
  throw new ApiError(response.status, 'HTTP_ERROR', `Request failed (${response.status})`);
}
