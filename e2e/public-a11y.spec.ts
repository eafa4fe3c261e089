import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { gotoHydrated } from './support/public-page';

/** Every prerendered public page, the account pages among them. */
const PAGES = [
  '/',
  '/sign-in',
  '/get-started',
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
  // Every public page has the same header and footer (public-shell.tsx, with no per-page state): the home
  // page checks the whole document, the others their <main>, which is what differs between them.
  for (const path of PAGES) {
    const within = path === '/' ? undefined : 'main';
    test(`${path}: no serious or critical axe violation in the light and dark themes, no horizontal scroll at 375 and 1280 px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
      const page = await context.newPage();
      await gotoHydrated(page, path);
      expect(await seriousViolations(page, { within }), `${path} light`).toEqual([]);

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }

      // The same page in the dark theme, switched as the theme toggle switches it (the cookie's path to it is
      // theme-and-sharing.spec.ts's): only its colours differ (support/axe.ts).
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.evaluate(async () => {
        document.documentElement.classList.add('dark');
        document.documentElement.style.colorScheme = 'dark';
        // Buttons and links fade to their new colours: measure them once the fades have ended. A fade the page
        // cancels (a live figure re-rendering its element) settles as cancelled, which is as good as ended; a
        // looping animation (a loading pulse) never ends and changes no colour this checks.
        await Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        );
      });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page, { colours: true, within }), `${path} dark`).toEqual([]);
      await context.close();
    });
  }

  test('the home page at 375 px also passes axe (mobile layout)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await gotoHydrated(page, '/');
    expect(await seriousViolations(page)).toEqual([]);
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
