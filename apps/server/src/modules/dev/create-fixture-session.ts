import type { AppDeps } from '../../deps.js';

export type FixtureAccount = { email: string; name: string; password: string };

/**
 * A verified account with a signed-in session, made the way Better Auth makes them (its internal adapter
 * and password hash, then its own sign-in), for the browser tests that are not about signing up. Answers
 * the sign-in's Response: its Set-Cookie is the session cookie the browser would have been given.
 */
export async function createFixtureSession(deps: Pick<AppDeps, 'auth'>, account: FixtureAccount): Promise<Response> {
  const context = await deps.auth.$context;
  const created = await context.internalAdapter.createUser(
    { email: account.email.toLowerCase(), name: account.name, emailVerified: true },
    { method: 'email-password' },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await context.password.hash(account.password),
  });
  return deps.auth.api.signInEmail({ body: { email: account.email, password: account.password }, asResponse: true });
}
