import { expect, test } from '@playwright/test';
import { expectPageHydrated } from './support/hydration';
import { waitForHydration } from './support/public-page';

test.describe('public shell', () => {
  test('prerendered home page shows content before JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await context.close();
  });

  test('header links go to sign-in and sign-up', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/get-started$/);
  });

  test('unknown paths show the 404 page, log the path and answer 404', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    // The prerendered page shows the message before React runs; the path is logged once it has (an effect).
    await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('sidebar', () => {
  test('starts collapsed, toggles with Ctrl+B and remembers the choice in a 7-day cookie', async ({ page, context }) => {
    await page.goto('/about');
    await expectPageHydrated(page);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const collapsedWidth = (await sidebar.boundingBox())?.width ?? 0;
    expect(Math.round(collapsedWidth)).toBe(48);
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(256);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'sidebar_state');
    expect(cookie?.value).toBe('true');
    const lifetimeDays = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(lifetimeDays).toBeGreaterThan(6.9);
    expect(lifetimeDays).toBeLessThanOrEqual(7.01);
    await page.reload();
    await expectPageHydrated(page);
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Meta+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  });

  test('is a drawer below 768px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/faq');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(288);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.keyboard.press('Control+b');
    await expect(drawer).toBeVisible();
  });

  test('section items from another page go to the home section', async ({ page }) => {
    await page.goto('/about');
    await expectPageHydrated(page);
    await page.keyboard.press('Control+b');
    await page.getByTestId('sidebar').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
  });

  test('Account goes to the vault dashboard, which asks a signed-out visitor to sign in first', async ({ page }) => {
    await page.goto('/about');
    const account = page.getByTestId('sidebar').getByRole('link', { name: 'Account' });
    await expect(account).toHaveAttribute('href', '/vault-dashboard');
    await account.click();
    await expect(page).toHaveURL('/sign-in?next=%2Fvault-dashboard');
    await expect(page.getByText('Sign in to continue to /vault-dashboard')).toBeVisible();
  });
});

test.describe('security headers in the browser', () => {
  for (const path of ['/', '/faq', '/get-started', '/dashboard', '/no-such-page']) {
    test(`${path} runs with its CSP and no violations`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto(path);
      const headers = response?.headers() ?? {};
      expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
      expect(headers['content-security-policy']).not.toContain("unsafe-inline' 'sha");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Hydration ran: the sidebar toggle responds.
      await waitForHydration(page);
      expect(violations).toEqual([]);
    });
  }

  test('hashed assets are cached for a year, pages revalidate', async ({ request }) => {
    const html = await request.get('/');
    expect(html.headers()['cache-control']).toBe('no-cache');
    const asset = (await html.text()).match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset ?? '');
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const api404 = await request.get('/api/nope');
    expect(api404.status()).toBe(404);
    expect(await api404.json()).toEqual({ error: { code: 'UNKNOWN_ENDPOINT', message: 'No such API endpoint' } });
  });
});

test.describe('hydration keeps the prerendered page', () => {
  for (const width of [375, 1280]) {
    test(`the landing page does not blink or shift at ${width}px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const record = window as unknown as { layoutShift: number; sectionsRemoved: number };
        record.layoutShift = 0;
        record.sectionsRemoved = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) record.layoutShift += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          const main = document.getElementById('main');
          if (!main) return;
          new MutationObserver((mutations) => {
            for (const mutation of mutations) record.sectionsRemoved += mutation.removedNodes.length;
          }).observe(main, { childList: true });
        });
      });
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('#faq')).toBeAttached();
      const result = await page.evaluate(() => {
        const record = window as unknown as { layoutShift: number; sectionsRemoved: number };
        return { layoutShift: record.layoutShift, sectionsRemoved: record.sectionsRemoved };
      });
      expect(result.sectionsRemoved).toBe(0);
      expect(result.layoutShift).toBeLessThan(0.05);
      await context.close();
    });
  }
});
