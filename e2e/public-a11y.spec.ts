import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
      await page.waitForLoadState('networkidle');
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
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    await context.close();
  });
});
