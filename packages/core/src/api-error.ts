/**
 * Every code Keel's own API answers with. The server maps each to its HTTP
 * status (apps/server/src/lib/app-error.ts); the web chooses what a saver
 * reads by the code, never by the message's text.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'INVALID_JSON'
  | 'INVALID_TOKEN'
  /** A path whose percent-escapes do not decode. */
  | 'MALFORMED_PATH'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  /** A password (or second-step code) asked for again before a lasting change was wrong. */
  | 'REAUTHENTICATION_FAILED'
  /** A state-changing request that did not come from Keel's own origin (the CSRF check). */
  | 'INVALID_ORIGIN'
  | 'NOT_FOUND'
  /** A path under /api that no route answers. */
  | 'UNKNOWN_ENDPOINT'
  /** Passkey savings accounts are switched off in this deployment (no bundler or paymaster configured). */
  | 'PASSKEY_ACCOUNTS_OFF'
  | 'REQUEST_TIMEOUT'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_HEADERS_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'UPSTREAM_FAILED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  /** Keel's paymaster will not pay for this UserOperation (its calls, gas, or a daily limit); details.reason says which. */
  | 'SPONSORSHIP_REFUSED';

/** Better Auth's codes, passed through by /api/auth, that a screen reacts to (the rest only show their message). */
export type AuthErrorCode =
  | 'EMAIL_NOT_VERIFIED'
  /** The second step's sign-in has expired or was never started: sign in with the password again. */
  | 'INVALID_TWO_FACTOR_COOKIE'
  /** Five wrong codes for one sign-in: sign in with the password again. */
  | 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE';

/**
 * A failed answer. /api/auth also passes Better Auth's own codes through with
 * their message ('INVALID_EMAIL_OR_PASSWORD', 'EMAIL_NOT_VERIFIED', …), so a
 * reader of any answer takes `code` as a string and compares it with these.
 */
export type ErrorBody<Code extends string = ErrorCode> = {
  error: { code: Code; message: string; details?: Record<string, unknown> };
};
