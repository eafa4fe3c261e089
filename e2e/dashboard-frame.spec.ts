import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsNewAccount } from './support/accounts';
import { holdScripts } from './support/hydration';
import { newAccountWithLinkedWallet } from './support/linked-wallet';
import { waitForHydration } from './support/public-page';
import { framesOfSlowHtml } from './support/slow-html';

/**
 * /dashboard is served with its prerendered frame: the title, the actions and the card
 * outlines paint from the HTML, and for an account without a linked wallet the first-run checklist
 * too, before any JavaScript has run. React then puts the page in its place without moving anything.
 */

/** Sums layout shifts and keeps console errors (a hydration mismatch is one) from the first byte. */
async function recordShiftsAndErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.layoutShift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return errors;
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

for (const width of [360, 1280]) {
  test(`a new account's dashboard paints its title and checklist from the HTML, then the page takes over without a shift at ${width}px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInAsNewAccount(page);
    const errors = await recordShiftsAndErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });

    // No JavaScript file has run: this is the HTML, with the head script's answer about the wallet.
    const frame = page.getByTestId('dashboard-frame');
    await expect(frame.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(frame.getByText('Get started in three steps')).toBeVisible();
    await expect(frame.getByText('Total Balance')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeAttached();
    await expect(frame).not.toContainText('$');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const before = await page.getByRole('heading', { level: 1 }).boundingBox();
    const checklistBefore = await frame.getByText('Get started in three steps').boundingBox();
    // The header of the HTML (kept by hydration) is the page's header too: it is never replaced.
    await page.getByRole('banner').evaluate((banner) => ((window as unknown as { keelBanner: Element }).keelBanner = banner));

    await scripts.release();
    const checklist = page.getByTestId('first-run');
    await expect(checklist.getByTestId('first-run-step-link-wallet')).toHaveAttribute('data-state', 'todo');
    await expect(frame).toHaveCount(0);
    await expect(page.getByTestId('stat-total-balance')).toBeVisible();
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);
    expect(await checklist.getByText('Get started in three steps').boundingBox()).toEqual(checklistBefore);
    await expect(page.getByTestId('account-menu-trigger')).toBeVisible();
    expect(
      await page.getByRole('banner').evaluate((banner) => banner === (window as unknown as { keelBanner: Element }).keelBanner),
    ).toBe(true);
    await waitForHydration(page);
    expect(await layoutShift(page)).toBeLessThan(0.1);
    expect(errors).toEqual([]);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await context.close();
  });
}

test('a linked account’s frame shows the block the page shows until its facts are in: no checklist, no card outlines', async ({
  page,
}) => {
  await newAccountWithLinkedWallet(page);
  const scripts = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const frame = page.getByTestId('dashboard-frame');
  // Whether this account sees the checklist or its balances depends on reads the page makes: neither is
  // painted before them, so neither can be pushed down by the other.
  await expect(frame.getByText('Loading your balances…')).toBeVisible();
  await expect(frame.getByText('Linked wallet')).toBeVisible();
  await expect(frame.getByText('Get started in three steps')).toBeHidden();
  await expect(frame.getByText('Total Balance')).toBeHidden();
  await expect(frame).not.toContainText(/0x[0-9a-f]/i);
  await scripts.release();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome Back');
  await expect(page.getByText(/Linked wallet 0x/)).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test('a signed-out visitor gets the frame’s HTML without anyone’s data and is still sent to sign in', async ({ page }) => {
  const html = await (await page.request.get('/dashboard')).text();
  expect(html).toContain('Welcome Back');
  expect(html).toContain('data-testid="dashboard-frame"');
  expect(html).not.toMatch(/@[a-z0-9.-]+\.[a-z]{2,}|0x[0-9a-f]{40}/i);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/sign-in?next=%2Fdashboard');
  await expect(page.getByText('Sign in to continue to /dashboard')).toBeVisible();
});

test('the HTML is never painted with its frame half-parsed, however the bytes arrive', async ({ page, baseURL }) => {
  // The HTML stopped inside the frame's header: painted there, the third action was an empty box that widened
  // when its text arrived and moved the others (a layout shift). Whole: the element the layout puts after it.
  const frames = await framesOfSlowHtml(page, {
    upstream: baseURL ?? '',
    path: '/dashboard',
    cutBefore: 'View Performance',
    part: { begins: '[data-testid="dashboard-frame"]', ends: '#signed-in-frame-end' },
  });
  expect(frames).not.toContain('half');
});
