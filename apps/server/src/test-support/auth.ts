import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema.js';
import type { TestApp } from './test-app.js';

export type SignedInUser = { cookie: string; user: { id: string; email: string; name: string } };

export const TEST_PASSWORD = 'Correct-Horse-9';

/** The name=value pairs of every Set-Cookie, as one Cookie request header. */
export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/**
 * A verified account signed in through the real sign-in endpoint. Use the cookie
 * as t.app.request(path, { headers: { cookie, origin: t.config.appUrl } }).
 */
export async function createSignedInUser(
  t: TestApp,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<SignedInUser> {
  const email = (options.email ?? `user-${randomUUID()}@keel.test`).toLowerCase();
  const name = options.name ?? 'Test User';
  const password = options.password ?? TEST_PASSWORD;
  await t.deps.auth.api.signUpEmail({ body: { email, name, password } });
  const [created] = await t.deps.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  if (!created) throw new Error(`createSignedInUser: no account was created for ${email}`);
  const response = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.appUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`createSignedInUser: sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = cookieHeaderFrom(response);
  if (!cookie) throw new Error('createSignedInUser: sign-in set no cookie');
  return { cookie, user: { id: created.id, email, name } };
}
