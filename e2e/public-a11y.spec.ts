import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated, waitForHydration } from './support/public-page';

/** Every public page this issue builds (sign-in belongs to the auth issue). */
const PAGES = [
  '/',
  '/learn',
  '/support',
  '/legal/terms',
  '/legal/privacy',
  '/legal/risk',
  '/about',
  '/careers',
  '/yields-explained',
  '/help-center',
  '/articles/defi-101',
  '/articles/how-yield-farming-works',
  '/testimonials',
  '/audits',
  '/mobile',
  '/faq',
  '/blog',
  '/newsletter',
  '/learn-more',
];

test.describe('accessibility and layout of public pages', () => {
  for (const path of PAGES) {
    test(`${path} has no serious or critical axe violation and no horizontal scroll at 375 and 1280 px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(path);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(blocking).toEqual([]);

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    });
  }

  test('the home page at 375 px also passes axe (mobile layout)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    await context.close();
  });
});

test.describe('keyboard focus is visible (WCAG 2.4.7)', () => {
  /** The focus ring Tailwind draws: a box-shadow (ring) or an outline that is not there before focus. */
  async function focusIndicator(page: Page) {
    return page.evaluate(() => {
      const element = document.activeElement;
      if (!element) return null;
      const style = window.getComputedStyle(element);
      return { boxShadow: style.boxShadow, outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
  }

  /** Presses Tab until `target` has focus, as a keyboard user would reach it. */
  async function tabTo(page: Page, target: Locator) {
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error('never reached the element with Tab');
  }

  function hasVisibleRing(indicator: { boxShadow: string; outline: string } | null): boolean {
    if (!indicator) return false;
    // A ring is a box-shadow layer with a spread of at least 1px in a colour that is not transparent.
    const ring = indicator.boxShadow
      .split(/,(?![^(]*\))/)
      .some((layer) => !/rgba\(0, 0, 0, 0\)|transparent/.test(layer) && /\s0px 0px 0px [1-9]\d*(\.\d+)?px/.test(layer));
    const outline = !indicator.outline.startsWith('none') && !indicator.outline.endsWith(' 0px');
    return ring || outline;
  }

  test('a focused input and a focused button each draw a ring they did not have before', async ({ page }) => {
    await gotoHydrated(page, '/sign-in');
    const email = page.getByLabel('Email Address');
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    const before = await submit.evaluate((element) => window.getComputedStyle(element).boxShadow);

    await tabTo(page, email);
    const inputRing = await focusIndicator(page);
    expect(hasVisibleRing(inputRing), JSON.stringify(inputRing)).toBe(true);

    await tabTo(page, submit);
    const buttonRing = await focusIndicator(page);
    expect(hasVisibleRing(buttonRing), JSON.stringify(buttonRing)).toBe(true);
    expect(buttonRing?.boxShadow).not.toBe(before);
  });
});
