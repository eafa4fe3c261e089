import { expect, type Locator, type Page } from '@playwright/test';

/** Fills and submits the /sign-in form. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** What the page shows to explain itself: its toasts and any alert inside an open dialog, a line each. */
export async function shownMessages(page: Page): Promise<string> {
  const shown = await page
    .locator('[data-sonner-toast], [role="dialog"] [role="alert"]')
    .allInnerTexts()
    .catch(() => []);
  const lines = shown.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return lines.length ? lines.join(' | ') : 'no toast or alert';
}

/**
 * Waits for `locator`; when it does not come, the error's first line says what the page showed instead (an error
 * toast's reason, a dialog's alert), since that line is often all a CI summary keeps.
 */
export async function expectVisibleOrExplain(page: Page, locator: Locator, what: string): Promise<void> {
  try {
    await expect(locator).toBeVisible();
  } catch (error) {
    throw new Error(`no ${what}; the page showed: ${await shownMessages(page)}`, { cause: error });
  }
}

/** A toast (sonner) with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expectVisibleOrExplain(page, page.locator('[data-sonner-toast]').filter({ hasText: text }).first(), `"${text}" toast`);
}

/** Asks the server who is signed in, with this page's cookies. */
export async function sessionEmail(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/auth/get-session');
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}
