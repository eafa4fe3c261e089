import type { ErrorBody, ErrorCode } from '@keel/core/api-error';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type { ErrorBody, ErrorCode };

export const ERROR_STATUS: Readonly<Record<ErrorCode, ContentfulStatusCode>> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_TOKEN: 400,
  MALFORMED_PATH: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  REAUTHENTICATION_FAILED: 403,
  INVALID_ORIGIN: 403,
  NOT_FOUND: 404,
  UNKNOWN_ENDPOINT: 404,
  PASSKEY_ACCOUNTS_OFF: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  SPONSORSHIP_REFUSED: 403,
};

/** Keel's code for an HTTP status that came without one (an answer from a library Keel passes through). */
export function codeForStatus(status: number): ErrorCode {
  const known = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return known ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** The one application error: a code (mapped to a status in app.onError) and a user-facing message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

/** What a client hears when something failed that it could not have caused (a bug, the database down). */
export function internalError(): AppError {
  return new AppError('INTERNAL', 'Something went wrong. Please try again.');
}

/** A path under /api that no route answers (or a route switched off in this deployment). */
export function unknownEndpoint(): AppError {
  return new AppError('UNKNOWN_ENDPOINT', 'No such API endpoint');
}

export function errorBody(error: AppError): ErrorBody {
  return error.details
    ? { error: { code: error.code, message: error.message, details: error.details } }
    : { error: { code: error.code, message: error.message } };
}
