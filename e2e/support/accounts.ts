import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { waitForMail } from './mailbox';

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
 * A verified, signed-in account: sign-up through the real API, then the real
 * verification mail's link, which lands on /vaults signed in (via /auth/callback).
 */
export async function signUpAndVerify(
  page: Page,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? DEFAULT_E2E_PASSWORD;
  const name = options.name ?? 'E2E Saver';
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const mail = await waitForMail(email, /Verify your email/);
  await page.goto(linkTo(mail.links, '/api/auth/verify-email'));
  await page.waitForURL(/\/vaults$/);
  return { email, password };
}
