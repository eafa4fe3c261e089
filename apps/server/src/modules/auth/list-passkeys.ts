import type { AuthAnswerOf, PasskeySummary } from '@keel/core/auth-api';
import { answerKeepingCookies } from './auth-answers.js';
import type { AuthRequest } from './better-auth-pass-through.js';
import { passkeySummaryOf } from './passkey-summary.js';

/** The signed-in saver's passkeys, oldest first, without keys or credential ids. */
export async function listPasskeys(request: AuthRequest): Promise<Response> {
  const outcome = await request.forward(undefined, { query: {} });
  if (!outcome.ok) return outcome.response;
  const rows = await outcome.body();
  const passkeys = (Array.isArray(rows) ? rows : [])
    .map(passkeySummaryOf)
    .filter((entry): entry is PasskeySummary => entry !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const reply: AuthAnswerOf<'/passkey/list-user-passkeys'> = { passkeys };
  return answerKeepingCookies(outcome.response, reply);
}
