import { expect, type Page } from '@playwright/test';

/** Fills and submits the /sign-in form. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A toast (sonner) with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Asks the server who is signed in, with this page's cookies. */
export async function sessionEmail(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/auth/get-session');
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}
