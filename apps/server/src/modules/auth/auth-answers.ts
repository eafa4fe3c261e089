import type { AuthOutcome } from './better-auth-pass-through.js';

/**
 * Better Auth's messages for these flows are terse ("Invalid code"): a failed
 * answer whose code is listed gets Keel's words (and optionally another
 * status); every other answer passes unchanged.
 */
export async function rewordAuthError(
  outcome: AuthOutcome,
  words: Readonly<Record<string, string | { message: string; status: number }>>,
): Promise<Response> {
  if (outcome.ok) return outcome.response;
  const code = await outcome.errorCode();
  const replacement = code === null ? undefined : words[code];
  if (code === null || replacement === undefined) return outcome.response;
  const { message, status } =
    typeof replacement === 'string' ? { message: replacement, status: outcome.response.status } : replacement;
  const headers = new Headers(outcome.response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ error: { code, message } }), { status, headers });
}

/** Keel's own JSON body with Better Auth's answer's status and cookies (a rotated session, an expired challenge). */
export function answerKeepingCookies(from: Response, body: unknown): Response {
  const headers = new Headers(from.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: from.status, headers });
}
