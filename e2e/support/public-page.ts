import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a page and waits until its code (including lazily loaded sections) has
 * arrived, so clicks and typing reach hydrated React rather than static HTML.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** Opens an accordion item, retrying a click that landed before hydration. */
export async function openAccordionItem(trigger: Locator): Promise<void> {
  await expect(async () => {
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass();
}
