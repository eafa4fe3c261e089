import type { AccountAuthAnswerOf, AccountAuthBodyOf, AccountAuthPath, CloseAccountInput } from '@keel/core/account-settings';
import { api, readJson } from '~/lib/api-client';

/**
 * The settings page's calls: its /api/auth endpoints by bare fetch, typed by
 * core's contract (like the rest of /api/auth), and /api/account through the
 * typed client. Errors arrive as ApiError with the server's code.
 */
const AUTH_BASE = '/api/auth';

async function post<Path extends AccountAuthPath>(path: Path, body: AccountAuthBodyOf<Path>): Promise<AccountAuthAnswerOf<Path>> {
  const response = await fetch(`${AUTH_BASE}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readJson<AccountAuthAnswerOf<Path>>(response);
}

export const SESSIONS_QUERY_KEY = ['account-settings', 'sessions'] as const;

export async function listSessions(): Promise<AccountAuthAnswerOf<'/list-sessions'>> {
  const response = await fetch(`${AUTH_BASE}/list-sessions`, { credentials: 'same-origin' });
  return readJson<AccountAuthAnswerOf<'/list-sessions'>>(response);
}

export function revokeSession(id: string) {
  return post('/revoke-session', { id });
}

export function revokeOtherSessions() {
  return post('/revoke-other-sessions', {});
}

export function changeEmail(newEmail: string) {
  return post('/change-email', { newEmail });
}

export function changePassword(input: AccountAuthBodyOf<'/change-password'>) {
  return post('/change-password', input);
}

/** The data file as the server named it, ready to hand to the browser's download. */
export async function downloadAccountData(): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.account.export.$get();
  if (!response.ok) await readJson(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'keel-account-data.json';
  return { blob: await response.blob(), fileName };
}

export async function closeAccount(input: CloseAccountInput) {
  return readJson(await api.account.close.$post({ json: input }));
}
