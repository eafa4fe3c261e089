import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { ApiError } from '~/lib/api-client';

const RELOAD = 'This page is out of date. Please reload it and try again.';
const TRY_LATER = 'Something went wrong on our side. Please try again in a moment.';
const OFFLINE = 'Keel could not be reached. Check your connection and try again.';

/** Server strings written for developers, by their exact text. */
const BY_MESSAGE: Readonly<Record<string, string>> = {
  [AUTH_MESSAGES.invalidOrigin]:
    'For your safety this request was refused: it did not come from this page. Please reload it and try again.',
  'Request body is not valid JSON': RELOAD,
  'Content-Type must be application/json': RELOAD,
  'Malformed request path': RELOAD,
  'No such API endpoint': RELOAD,
};

/** Codes whose message is never meant for a saver, whatever it says. */
const BY_CODE: Readonly<Record<string, string>> = {
  INVALID_JSON: RELOAD,
  UNSUPPORTED_MEDIA_TYPE: RELOAD,
  PAYLOAD_TOO_LARGE: 'That is more than Keel accepts at once. Please shorten it and try again.',
  INTERNAL: TRY_LATER,
  // A proxy page or a server that did not answer in Keel's shape ("Request failed (502)").
  HTTP_ERROR: TRY_LATER,
};

/**
 * The one place a failed call becomes words a saver understands (issue 15 §7).
 * The spec's own messages — rate limits, the email sanitiser, wrong password,
 * validation — pass through as the server wrote them; technical strings
 * ('Invalid origin', 'Request failed (502)') and network failures do not.
 */
export function humanErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    return BY_MESSAGE[error.message] ?? BY_CODE[error.code] ?? (error.message.trim() || fallback);
  }
  // fetch() rejects with a TypeError when the network fails (offline, DNS, connection reset).
  if (error instanceof TypeError) return OFFLINE;
  return fallback;
}
