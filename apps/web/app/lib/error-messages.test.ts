import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { humanErrorMessage } from '~/lib/error-messages';

describe('humanErrorMessage', () => {
  it('turns technical server strings into words a saver understands', () => {
    expect(humanErrorMessage(new ApiError(403, 'FORBIDDEN', 'Invalid origin'), 'x')).toBe(
      'For your safety this request was refused: it did not come from this page. Please reload it and try again.',
    );
    expect(humanErrorMessage(new ApiError(400, 'INVALID_JSON', 'Request body is not valid JSON'), 'x')).toBe(
      'This page is out of date. Please reload it and try again.',
    );
    expect(humanErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'), 'x')).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(humanErrorMessage(new TypeError('Failed to fetch'), 'x')).toBe(
      'Keel could not be reached. Check your connection and try again.',
    );
  });

  it("keeps the spec's own messages as the server wrote them", () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait before trying again.');
    expect(humanErrorMessage(limited, 'x')).toBe('Too many sign-in attempts. Please wait before trying again.');
    expect(humanErrorMessage(new ApiError(401, 'UNAUTHORIZED', 'Invalid email or password'), 'x')).toBe(
      'Invalid email or password',
    );
  });

  it('falls back to the screen’s own text for anything else', () => {
    expect(humanErrorMessage(new Error('boom'), 'Failed to send message. Please try again.')).toBe(
      'Failed to send message. Please try again.',
    );
    expect(humanErrorMessage(new ApiError(400, 'BAD_REQUEST', '  '), 'Please try again.')).toBe('Please try again.');
  });
});
