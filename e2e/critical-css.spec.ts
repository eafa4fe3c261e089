import { expect, test, type Page, type Route } from '@playwright/test';
import { expectPageHydrated, gotoBeforeHydration } from './support/hydration';

/*
 * Issue 13: a prerendered page carries the CSS its own markup needs inline, and
 * the full stylesheet (still rendered by React as a <link>, which the head is
 * hydrated against) loads without blocking the first paint and applies at the
 * load event. These tests hold the JavaScript to look at the page as a slow
 * phone first paints it, then let React hydrate it: React must keep the server's
 * HTML (decision 002: a head mismatch would make it render the page again).
 */

async function heroStyle(page: Page) {
  return page.getByTestId('hero-tagline').evaluate((element) => {
    const style = getComputedStyle(element);
    return { weight: style.fontWeight, align: getComputedStyle(element.parentElement ?? element).textAlign };
  });
}

test.describe('critical CSS on prerendered pages', () => {
  test('the landing page is styled before any script or the stylesheet, and React keeps its HTML', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The full stylesheet is held too: what shows is what the inline CSS alone paints.
    const heldSheets: Route[] = [];
    await page.route('**/assets/*.css', (route) => heldSheets.push(route));
    const scripts = await gotoBeforeHydration(page, '/');
    await expect(page.getByTestId('hero-tagline')).toBeVisible();
    // The hero's own classes (font-extrabold, text-center) apply from the inline CSS.
    expect(await heroStyle(page)).toEqual({ weight: '800', align: 'center' });
    const stylesheet = page.locator('link[rel="stylesheet"][data-deferred-style]');
    await expect(stylesheet).toHaveAttribute('media', 'print');

    // Mark the server-rendered nodes: if React discarded the HTML, the marks would be gone.
    await page.getByTestId('hero-tagline').evaluate((element) => element.setAttribute('data-e2e-server-node', ''));
    await page.locator('footer').evaluate((element) => element.setAttribute('data-e2e-server-node', ''));

    await page.unroute('**/assets/*.css');
    await Promise.all(heldSheets.map((route) => route.continue()));
    await scripts.release();
    await expectPageHydrated(page);
    // Applied from the load event on, for whatever JavaScript renders later.
    await expect(stylesheet).toHaveAttribute('media', 'all');
    await expect(page.getByTestId('hero-tagline')).toHaveAttribute('data-e2e-server-node', '');
    await expect(page.locator('footer')).toHaveAttribute('data-e2e-server-node', '');
    expect(errors.filter((text) => /hydrat|did not match|recoverable/i.test(text))).toEqual([]);
  });

  test('a dark theme is dark from the first paint, before any script or the stylesheet', async ({ page, context }) => {
    await context.addCookies([{ name: 'keel-theme', value: 'dark', url: test.info().project.use.baseURL ?? 'http://localhost' }]);
    const scripts = await gotoBeforeHydration(page, '/faq');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    // The dark theme's background (app.css .dark --color-background), not white.
    expect(background).not.toBe('rgb(255, 255, 255)');
    await scripts.release();
    await expectPageHydrated(page);
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe(background);
  });

  test('what JavaScript renders after load is styled by the full stylesheet (the mobile menu)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await expectPageHydrated(page);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    // Styled: a positioned panel, not an unstyled block in the flow of the page.
    expect(await menu.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  });
});
