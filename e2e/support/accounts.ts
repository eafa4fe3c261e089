import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const DEFAULT_E2E_PASSWORD = 'Keel-Saver-2026!';

export function appOrigin(): string {
  return `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
}

export function uniqueEmail(prefix = 'saver'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@keel.test`;
}

/** Finds the link of a mail that goes through the given API path. */
export function linkTo(links: readonly string[], pathPart: string): string {
  const link = links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`no link containing ${pathPart} in ${links.join(', ')}`);
  return link;
}

/**
 * A verified account, signed in on this page's browser context without the sign-up journey: the server's
 * test-only fixture route (TEST_FIXTURES, docs/decisions/012-test-fixture-accounts.md) makes it with Better
 * Auth's own code and answers with the session cookie, which page.request stores in the context. Sign-up,
 * verification, sign-in and reset have their own journeys in auth.spec.ts; every other test starts here.
 * The page stays where it was.
 */
export async function signInAsNewAccount(
  page: Page,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? DEFAULT_E2E_PASSWORD;
  const name = options.name ?? 'E2E Saver';
  const response = await page.request.post('/api/dev/fixtures/session', {
    data: { name, email, password },
    headers: { origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password };
}
