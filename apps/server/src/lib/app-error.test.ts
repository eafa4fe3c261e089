import { describe, expect, it } from 'vitest';
import { codeForStatus, ERROR_STATUS, unknownEndpoint } from './app-error.js';

describe('codeForStatus', () => {
  it("gives an answer that came without a code Keel's code for its status", () => {
    expect(codeForStatus(401)).toBe('UNAUTHORIZED');
    expect(codeForStatus(403)).toBe('FORBIDDEN');
    expect(codeForStatus(429)).toBe('RATE_LIMITED');
    expect(codeForStatus(500)).toBe('INTERNAL');
  });

  it('falls back to a client or a server error for statuses Keel never answers', () => {
    expect(codeForStatus(418)).toBe('BAD_REQUEST');
    expect(codeForStatus(504)).toBe('INTERNAL');
  });
});

describe('unknownEndpoint', () => {
  it('answers 404 with a code of its own, apart from an unknown vault or wallet', () => {
    const error = unknownEndpoint();
    expect(error.status).toBe(404);
    expect(error.code).toBe('UNKNOWN_ENDPOINT');
    expect(ERROR_STATUS.NOT_FOUND).toBe(404);
  });
});
