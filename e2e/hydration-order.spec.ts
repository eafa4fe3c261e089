import { expect, test } from '@playwright/test';
import { expectPageHydrated } from './support/hydration';

/**
 * Content pages paint before they fetch their code (apps/web/scripts/defer-hydration.mjs): no
 * JavaScript file is requested before the load event and the first contentful paint, so on a slow
 * phone the code never shares the link or the main thread with the page's first paint — and the
 * page still becomes interactive once the code arrives.
 */
type Timings = { firstPaint: number | null; load: number; scripts: { name: string; startTime: number }[] };

for (const path of ['/', '/faq']) {
  test(`${path} requests no JavaScript before its load event and first paint, then hydrates`, async ({ page }) => {
    await page.goto(path);
    await expectPageHydrated(page);
    const timings = await page.evaluate((): Timings => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime }));
      return { firstPaint: paint?.startTime ?? null, load: navigation.loadEventStart, scripts };
    });

    expect(timings.firstPaint, 'the page painted its content').not.toBeNull();
    // The page's own code was fetched (it hydrated), and all of it after both moments.
    expect(timings.scripts.length).toBeGreaterThan(0);
    for (const script of timings.scripts) {
      expect(script.startTime, `${script.name} after the load event`).toBeGreaterThanOrEqual(timings.load);
      expect(script.startTime, `${script.name} after the first paint`).toBeGreaterThanOrEqual(timings.firstPaint ?? 0);
    }
  });
}
