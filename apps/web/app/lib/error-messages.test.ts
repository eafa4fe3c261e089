import { describe, expect, it } from 'vitest';
import { ApiError, hasErrorCode } from '~/lib/api-client';
import { humanErrorMessage } from '~/lib/error-messages';

const RELOAD = 'This page is out of date. Please reload it and try again.';

describe('humanErrorMessage', () => {
  it('turns answers written for developers into words a saver understands, by their code', () => {
    expect(humanErrorMessage(new ApiError(403, 'INVALID_ORIGIN', 'Invalid origin'), 'x')).toBe(
      'For your safety this request was refused: it did not come from this page. Please reload it and try again.',
    );
    expect(humanErrorMessage(new ApiError(400, 'INVALID_JSON', 'Request body is not valid JSON'), 'x')).toBe(RELOAD);
    expect(humanErrorMessage(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'), 'x')).toBe(
      RELOAD,
    );
    expect(humanErrorMessage(new ApiError(400, 'MALFORMED_PATH', 'Malformed request path'), 'x')).toBe(RELOAD);
    expect(humanErrorMessage(new ApiError(404, 'UNKNOWN_ENDPOINT', 'No such API endpoint'), 'x')).toBe(RELOAD);
    expect(humanErrorMessage(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body exceeds 64 KiB'), 'x')).toBe(
      'That is more than Keel accepts at once. Please shorten it and try again.',
    );
    expect(humanErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'), 'x')).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(humanErrorMessage(new TypeError('Failed to fetch'), 'x')).toBe(
      'Keel could not be reached. Check your connection and try again.',
    );
  });

  it('decides by the code, not by the words: a reworded server message still gets the same text', () => {
    expect(humanErrorMessage(new ApiError(404, 'UNKNOWN_ENDPOINT', 'Route missing'), 'x')).toBe(RELOAD);
    expect(humanErrorMessage(new ApiError(404, 'NOT_FOUND', 'Unknown vault'), 'x')).toBe('Unknown vault');
  });

  it('keeps the messages written for savers as the server wrote them', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait before trying again.');
    expect(humanErrorMessage(limited, 'x')).toBe('Too many sign-in attempts. Please wait before trying again.');
    expect(humanErrorMessage(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'), 'x')).toBe(
      'Invalid email or password',
    );
    expect(humanErrorMessage(new ApiError(400, 'VALIDATION_FAILED', 'Input contains potentially malicious content'), 'x')).toBe(
      'Input contains potentially malicious content',
    );
  });

  it('falls back to the screen’s own text for anything else', () => {
    expect(humanErrorMessage(new Error('boom'), 'Failed to send message. Please try again.')).toBe(
      'Failed to send message. Please try again.',
    );
    expect(humanErrorMessage(new ApiError(400, 'BAD_REQUEST', '  '), 'Please try again.')).toBe('Please try again.');
  });
});

describe('hasErrorCode', () => {
  it('tells a screen which answer it got, by code only', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many verification emails requested. Please wait before trying again.');
    expect(hasErrorCode(limited, 'RATE_LIMITED')).toBe(true);
    expect(hasErrorCode(limited, 'EMAIL_NOT_VERIFIED')).toBe(false);
    expect(hasErrorCode(new Error('RATE_LIMITED'), 'RATE_LIMITED')).toBe(false);
  });
});
