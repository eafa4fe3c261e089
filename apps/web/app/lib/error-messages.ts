import type { ErrorCode } from '@keel/core/api-error';
import { ApiError, type ClientErrorCode } from '~/lib/api-client';

const RELOAD = 'This page is out of date. Please reload it and try again.';
const TRY_LATER = 'Something went wrong on our side. Please try again in a moment.';
const OFFLINE = 'Keel could not be reached. Check your connection and try again.';

/**
 * Codes whose message is written for developers, never for a saver: these
 * words replace it. Every other code (rate limits, validation and the email
 * sanitiser, a wrong password, Better Auth's own codes) carries a message
 * written for the saver, shown as the server wrote it.
 */
const REPLACED_BY_CODE: Readonly<Partial<Record<ErrorCode | ClientErrorCode, string>>> = {
  INVALID_ORIGIN: 'For your safety this request was refused: it did not come from this page. Please reload it and try again.',
  INVALID_JSON: RELOAD,
  UNSUPPORTED_MEDIA_TYPE: RELOAD,
  MALFORMED_PATH: RELOAD,
  UNKNOWN_ENDPOINT: RELOAD,
  PAYLOAD_TOO_LARGE: 'That is more than Keel accepts at once. Please shorten it and try again.',
  INTERNAL: TRY_LATER,
  // A proxy page or a server that did not answer in Keel's shape.
  HTTP_ERROR: TRY_LATER,
};

function isReplacedCode(code: string): code is keyof typeof REPLACED_BY_CODE {
  return Object.hasOwn(REPLACED_BY_CODE, code);
}

/**
 * The one place a failed call becomes words a saver understands, chosen by the
 * server's code; network failures and anything else get the screen's fallback.
 */
export function humanErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const replaced = isReplacedCode(error.code) ? REPLACED_BY_CODE[error.code] : undefined;
    return replaced ?? (error.message.trim() || fallback);
  }
  // fetch() rejects with a TypeError when the network fails (offline, DNS, connection reset).
  if (error instanceof TypeError) return OFFLINE;
  return fallback;
}
