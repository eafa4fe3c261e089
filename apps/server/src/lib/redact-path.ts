/**
 * Reset links carry their token in the path (/api/auth/reset-password/<token>),
 * and other links may carry one as a path segment. Log lines get the path with
 * such segments replaced: whatever follows reset-password/, and any long
 * token-like segment (20+ base64url characters that is not a 0x hex value).
 * Run once per request: a test, and a replace only when it matches.
 */
const TOKEN_SEGMENT = /(\/reset-password\/)[^/]+|\/(?!0x)[A-Za-z0-9_-]{20,}(?=\/|$)/g;
/** The same pattern, to ask whether there is anything to replace (test() on a /g regex moves its lastIndex). */
const HAS_TOKEN_SEGMENT = new RegExp(TOKEN_SEGMENT.source);

export const REDACTED = '[redacted]';

export function redactPath(path: string): string {
  // Most paths have nothing to redact: a test is cheaper than replace(), which with a /g regex and a
  // function goes through V8's slow path even when nothing matches (docs/performance-log.md, "the request line, by
  // hand").
  if (!HAS_TOKEN_SEGMENT.test(path)) return path;
  return path.replace(TOKEN_SEGMENT, (_match, resetPrefix: string | undefined) =>
    resetPrefix ? `${resetPrefix}${REDACTED}` : `/${REDACTED}`,
  );
}
