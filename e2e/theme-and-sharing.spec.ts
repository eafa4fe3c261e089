import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { appOrigin } from './support/accounts';
import { gotoHydrated } from './support/public-page';

/** Every prerendered public page (the shell pages, sign-in and sign-up). */
const PUBLIC_PAGES = [
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

/** Client-rendered pages: the auth screens and a missing page. */
const OTHER_PAGES = ['/reset-password', '/email-verification', '/auth/callback', '/no-such-page'];

async function darkContext(browser: Browser, via: 'system' | 'cookie') {
  const context = await browser.newContext(via === 'system' ? { colorScheme: 'dark' } : { colorScheme: 'light' });
  if (via === 'cookie') await context.addCookies([{ name: 'keel-theme', value: 'dark', url: appOrigin() }]);
  return context;
}

// Each public page's dark theme is checked with its light one (public-a11y.spec.ts); the signed-in pages' in
// both themes and widths with the account menu open (app-shell.spec.ts).
test.describe('dark theme', () => {
  test('the auth screens and the 404 page have no serious or critical axe violation in the dark theme', async ({ browser }) => {
    const context = await darkContext(browser, 'cookie');
    const page = await context.newPage();
    for (const path of OTHER_PAGES) {
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  test('the theme is set before any app code runs: no flash of the light theme', async ({ browser }) => {
    for (const via of ['system', 'cookie'] as const) {
      const context = await darkContext(browser, via);
      const page = await context.newPage();
      // Without the app's JavaScript only the head script can set the class.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/faq');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 18, 32)');
      await context.close();
    }
  });

  test('the toggle switches the theme, and the choice survives a reload in a cookie', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await context.cookies()).find((cookie) => cookie.name === 'keel-theme')?.value).toBe('dark');

    await gotoHydrated(page, '/faq');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // Back to what the system shows: the choice is forgotten and the system is followed again.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'keel-theme')).toBeUndefined();
    await context.close();
  });
});

test.describe('sharing and discovery', () => {
  test('every public page has its canonical link, Open Graph and Twitter card tags', async ({ page, request }) => {
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(path)).text();
      const url = `${appOrigin()}${path}`;
      expect(html, path).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(html, path).toContain(`<meta property="og:url" content="${url}"/>`);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
      expect(html, path).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
      expect(html, path).toContain(`<meta property="og:image" content="${appOrigin()}/og-image.png"/>`);
      expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      expect(html, path).toContain('<meta name="theme-color"');
    }
    // After client-side navigation the tags still name the page the visitor is on.
    await gotoHydrated(page, '/');
    await page.locator('footer a[href="/about"]').first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${appOrigin()}/about`);
  });

  test('the share image, icons and web app manifest load', async ({ request }) => {
    const image = await request.get('/og-image.png');
    expect(image.headers()['content-type']).toBe('image/png');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toBe('application/manifest+json');
    const body = (await manifest.json()) as { name: string; theme_color: string; icons: { src: string; sizes: string }[] };
    expect(body.theme_color).toBe('#0f766e');
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const src of [...body.icons.map((icon) => icon.src), '/apple-touch-icon.png']) {
      expect((await request.get(src)).status(), src).toBe(200);
    }
  });

  test('robots.txt points at a sitemap of the public pages', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${appOrigin()}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>${appOrigin()}${path}</loc>`);
  });
});
