import { expect, test } from '@playwright/test';
import { chainMissingReason } from './support/chain';
import { recordLayout } from './support/layout-shift';
import { framesOfSlowHtml } from './support/slow-html';

test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`the hero's figures are measured, with an as-of time, and the advertised ones are claims (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const stats = page.waitForResponse((response) => response.url().endsWith('/api/stats'));
    await page.goto('/');
    const body = (await (await stats).json()) as {
      totalValue: { value: string; asOf: string } | null;
      savers: { value: string; asOf: string } | null;
    };
    // The three vaults on the local chain hold their seed deposits and more: a real sum, not a claim.
    expect(body.totalValue).not.toBeNull();
    expect(BigInt(body.totalValue?.value ?? '0')).toBeGreaterThan(0n);
    await expect(page.getByTestId('hero-total-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByText(/^On Base, as of /)).toBeVisible();
    await expect(page.getByTestId('hero-savers')).toHaveText(Number(body.savers?.value).toLocaleString('en-US'));
    await expect(page.getByText(/^Accounts with a verified email, as of /)).toBeVisible();
    await expect(page.getByTestId('hero-claims')).toContainText(
      'Our marketing claims, not live statistics: more than $50M locked, more than 15,000 users, 99.9% uptime.',
    );

    // The ticker is a simulation: its heading no longer says Live.
    await expect(page.getByRole('heading', { name: 'Yields Ticker' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Live/ })).toHaveCount(0);
  });
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the hero's figures arriving move nothing on the page (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const read = await recordLayout(page, ['[data-testid="hero-claims"]']);
    // Late, as on a slow connection: the prerendered "measuring…" notes are painted first.
    await page.route('**/api/stats', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText(/^Accounts with a verified email, as of /)).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const layout = await read();
    expect(layout.shifts, JSON.stringify(layout.shifts)).toEqual([]);
    expect(layout.tops['[data-testid="hero-claims"]']).toHaveLength(1);
    expect(layout.errors).toEqual([]);

    // The header's row fits inside its padding, so nothing in it is squeezed (a squeezed row is laid out
    // differently from one paint to the next) and the menu button keeps its 40 px tap target.
    const row = await page.locator('header > div').evaluate((element) => {
      const inner = element.getBoundingClientRect().right - parseFloat(getComputedStyle(element).paddingRight);
      return {
        overflow: [...element.children].filter((child) => child.getBoundingClientRect().right > inner + 0.5).length,
        menuWidth: element.querySelector('button[aria-label="Toggle sidebar"]')?.getBoundingClientRect().width,
      };
    });
    expect(row).toEqual({ overflow: 0, menuWidth: 40 });
  });
}

test("the public header is never painted half-parsed, however the page's HTML arrives", async ({ page, baseURL }) => {
  // The HTML stopped inside the header's account corner: painted there, the corner was a fraction of its width,
  // and widening when the rest arrived moved the header's row. Whole: the page's <main>, right after the header.
  const frames = await framesOfSlowHtml(page, {
    upstream: baseURL ?? '',
    path: '/',
    cutBefore: 'Get Started',
    part: { begins: 'header', ends: '#main' },
  });
  expect(frames).not.toContain('half');
});
