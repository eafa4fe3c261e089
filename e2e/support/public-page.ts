import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a page and waits until React has taken it over (root.tsx marks <html> then) and its lazily loaded
 * sections have arrived, so clicks and typing reach hydrated React rather than static HTML. Network quiet
 * alone proves nothing: a prerendered page starts its code only after its first paint, which a busy machine
 * can delay past the 500 ms of quiet `networkidle` waits for.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Waits until the page in view has hydrated and its lazily loaded sections have arrived (see gotoHydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-keel-hydrated', '', { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

/** Opens an accordion item, retrying a click that landed before hydration. */
export async function openAccordionItem(trigger: Locator): Promise<void> {
  await expect(async () => {
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass();
}
