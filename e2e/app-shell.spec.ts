import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { appOrigin, signInAsNewAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { holdAnswers } from './support/held-answers';
import { expectSignedInPage } from './support/hydration';
import { gotoHydrated } from './support/public-page';
import { BONUS_CAMPAIGN, DURING_CAMPAIGN, E2E_LEGAL_ENTITY, setPageDate } from './support/site-settings';

/** The signed-in app shell, the dates from the clock, forms and copy. */

const SIGNED_IN_PAGES = [
  { path: '/dashboard', heading: 'Welcome Back' },
  { path: '/vault-dashboard', heading: 'Your Vault Dashboard' },
  { path: '/vaults', heading: 'Choose Your Vault' },
  { path: '/performance', heading: 'Vault Performance' },
] as const;
const WIDTHS = [375, 1280] as const;
const SAVER_NAME = 'Ada Lovelace';

async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByTestId('account-menu-trigger').click();
  const menu = page.getByTestId('account-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Whether two boxes overlap (a toast over the navigation). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const width of WIDTHS) {
  test.describe(`signed-in shell at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    // Every signed-in page's menu is opened, with its name, email and Sign Out, in the accessibility sweep below
    // (both widths, both themes); here the menu's keyboard close and its sign-out.
    test('the account menu closes with Escape, and its Sign Out ends the session and goes to /sign-in', async ({ page }) => {
      const { email } = await signInAsNewAccount(page, { name: SAVER_NAME });
      await gotoHydrated(page, '/performance');
      const menu = await openAccountMenu(page);
      await expect(menu.getByTestId('account-menu-email')).toHaveText(email);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
    });

    test('navigation: a bottom tab bar below 768 px, header links above, never wrapping', async ({ page }) => {
      await signInAsNewAccount(page);
      await gotoHydrated(page, '/dashboard');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      // The header and the tab bar are read once below: on the page's own nodes, not the frame's.
      await expectSignedInPage(page);
      const header = page.getByRole('banner');
      // One line: the header keeps its 4 rem height at every width (polled, as any box read could be).
      await expect.poll(async () => Math.round((await header.boundingBox())?.height ?? 0)).toBe(65);
      const tabBar = page.getByTestId('tab-bar');
      if (width === 375) {
        await expect(tabBar).toBeVisible();
        const tabs = tabBar.getByRole('link');
        await expect(tabs).toHaveText(['Dashboard', 'Vaults', 'Performance', 'Account']);
        const box = await tabBar.boundingBox();
        expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);
        await expect(page.getByRole('navigation', { name: 'Account' })).toHaveCount(1);
        await tabBar.getByRole('link', { name: 'Performance' }).click();
        await expect(page).toHaveURL(/\/performance$/);
        await expect(tabBar.getByRole('link', { name: 'Performance' })).toHaveAttribute('aria-current', 'page');
        await tabBar.getByRole('link', { name: 'Account' }).click();
        await expect(page).toHaveURL(/\/settings$/);
        // The page keeps room below its content for the bar: the last content is never hidden behind it.
        const roomBelowMain = await page
          .locator('main')
          .evaluate((main) => document.documentElement.scrollHeight - (main.getBoundingClientRect().bottom + window.scrollY));
        expect(roomBelowMain).toBeGreaterThanOrEqual(Math.round((await tabBar.boundingBox())?.height ?? 0));
      } else {
        await expect(tabBar).toBeHidden();
        const nav = page.getByRole('navigation', { name: 'Account' });
        await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Vault Dashboard', 'Vaults', 'Performance']);
      }
    });

    test('a signed-in visitor sees Dashboard and the account menu on public pages', async ({ page }) => {
      const { email } = await signInAsNewAccount(page, { name: SAVER_NAME });
      for (const path of ['/', '/faq', '/legal/terms']) {
        await gotoHydrated(page, path);
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible();
        await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
        await expect(banner.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
      }
      const menu = await openAccountMenu(page);
      await expect(menu.getByTestId('account-menu-email')).toHaveText(email);
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await gotoHydrated(page, '/about');
      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    });

    test('a signed-out visitor keeps Sign In and Get Started', async ({ page }) => {
      await gotoHydrated(page, '/faq');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Get Started' })).toBeVisible();
      await expect(page.getByTestId('account-menu-trigger')).toHaveCount(0);
    });

    test('toasts appear below the header, never over the navigation', async ({ page }) => {
      await gotoHydrated(page, '/support#contact');
      const form = page.getByTestId('contact-form');
      await form.getByLabel('Name').fill('Ada');
      await form.getByLabel('Email').fill(`ada.${Date.now()}@example.com`);
      await form.getByLabel('Subject').fill('Toast position');
      await form.getByLabel('Message').fill('Where does the toast go?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await expect(toast).toContainText('Message sent!');
      const headerBox = await page.getByRole('banner').boundingBox();
      // Where the toast comes to rest once its entry animation is over (it runs longer on a busy machine).
      const restingBox = async () => {
        const first = await toast.boundingBox();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const second = await toast.boundingBox();
        return first && second && first.y === second.y && first.x === second.x ? second : null;
      };
      await expect.poll(restingBox).not.toBeNull();
      const toastBox = await restingBox();
      expect(toastBox && headerBox && overlaps(toastBox, headerBox)).toBe(false);
      expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
    });

    test('the session check shows the page outline with a centred spinner, not a blank page', async ({ page }) => {
      await signInAsNewAccount(page);
      const session = await holdAnswers(page, '**/api/auth/get-session');
      await page.goto('/performance');
      const skeleton = page.getByTestId('page-skeleton');
      await expect(skeleton).toBeVisible();
      await expect(skeleton.getByRole('status')).toHaveText('Checking your session');
      await expect(page.getByRole('banner')).toBeVisible();
      session.release();
      await expect(page.getByRole('heading', { name: 'Vault Performance', exact: true })).toBeVisible();
    });
  });
}

test.describe('public sidebar rail', () => {
  test('runs the full height of the page and names each icon on hover and on focus', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const column = page.getByTestId('sidebar-column');
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const columnHeight = (await column.boundingBox())?.height ?? 0;
    expect(pageHeight).toBeGreaterThan(1500);
    expect(Math.abs(columnHeight - pageHeight)).toBeLessThanOrEqual(2);

    const rail = page.getByTestId('sidebar');
    const faq = rail.getByRole('link', { name: 'FAQ' });
    const faqLabel = faq.getByTestId('rail-label');
    await expect(faqLabel).toBeHidden();
    await faq.hover();
    await expect(faqLabel).toBeVisible();
    await expect(faqLabel).toHaveText('FAQ');
    await page.mouse.move(800, 600);
    await expect(faqLabel).toBeHidden();

    // Keyboard: focus the first rail link and move on; its label shows beside it, outside the rail.
    await rail.getByRole('link', { name: 'How It Works' }).focus();
    await page.keyboard.press('Tab');
    const security = rail.getByRole('link', { name: 'Security' });
    await expect(security).toBeFocused();
    const label = security.getByTestId('rail-label');
    await expect(label).toBeVisible();
    const railBox = await rail.boundingBox();
    const labelBox = await label.boundingBox();
    expect(labelBox?.x ?? 0).toBeGreaterThanOrEqual((railBox?.x ?? 0) + (railBox?.width ?? 0));
  });
});

test.describe('dates from the clock', () => {
  test('the bonus banner shows only while its campaign runs', async ({ page }) => {
    // Today (after the e2e campaign): no banner, and nothing of it is announced.
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('bonus-banner')).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'August deposit bonus' })).toHaveCount(0);

    await setPageDate(page, '2026-07-31T23:59:00Z');
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('bonus-banner')).toBeHidden();

    await setPageDate(page, BONUS_CAMPAIGN.startsAt);
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('bonus-banner')).toBeVisible();
    await expect(page.getByTestId('bonus-banner')).toContainText('$10 USDC bonus');

    await setPageDate(page, BONUS_CAMPAIGN.endsAt);
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('bonus-banner')).toBeHidden();
  });

  test('the footer names the year by the clock and the configured legal entity', async ({ page }) => {
    await setPageDate(page, '2031-03-01T12:00:00Z');
    await gotoHydrated(page, '/about');
    await expect(page.getByTestId('copyright')).toHaveText(`© 2031 ${E2E_LEGAL_ENTITY}. All rights reserved.`);
  });

  test('the mobile teaser says Coming Soon without a past quarter, and sample weeks say they are examples', async ({ page }) => {
    await gotoHydrated(page, '/mobile');
    await expect(page.getByRole('main')).toContainText('Coming soon');
    await expect(page.getByRole('main')).not.toContainText(/Q[1-4] 20\d\d/);
    await signInAsNewAccount(page);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Example week: Aug 4-8' })).toBeVisible();
    await gotoHydrated(page, '/vault-dashboard');
    await expect(page.getByText('(later example week)')).toBeVisible();
  });
});

test.describe('copy', () => {
  test('legal pages say when they were last updated', async ({ page }) => {
    for (const path of ['/legal/terms', '/legal/privacy', '/legal/risk']) {
      await gotoHydrated(page, path);
      const updated = page.getByTestId('last-updated');
      await expect(updated, path).toHaveText('Last updated: 22 November 2026');
      await expect(updated.locator('time')).toHaveAttribute('datetime', '2026-11-22');
    }
  });

  test('/yields-explained says "higher risk" once', async ({ page }) => {
    await gotoHydrated(page, '/yields-explained');
    await expect(page.getByText('Target range, higher risk', { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/risk risk/i);
  });
});

async function themedContext(browser: Browser, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({ colorScheme: theme, viewport: { width, height: 800 } });
  await context.addCookies([{ name: 'keel-theme', value: theme, url: appOrigin() }]);
  return context;
}

test.describe('accessibility of the changed pages', () => {
  // Four independent tests, spread over both workers rather than queued behind each other in one. axe is most
  // of their time (each check takes seconds on a busy machine), so each page is checked where it differs:
  // the dark theme for its colours only (support/axe.ts); signed-in public pages for the header at 1280 px on
  // the home page (their bodies are checked signed out, in both themes, by public-a11y.spec.ts) and whole at
  // 375 px, where public-a11y.spec.ts checks only their width.
  test.describe.configure({ mode: 'parallel' });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      test(`signed-in pages with the account menu open, public pages signed in, and the forms' inline errors: axe clean (${theme}, ${width} px)`, async ({
        browser,
      }) => {
        test.slow();
        const context = await themedContext(browser, theme, width);
        const page = await context.newPage();
        const violations = (within?: string) => seriousViolations(page, { colours: theme === 'dark', within });
        const { email } = await signInAsNewAccount(page, { name: SAVER_NAME });
        for (const { path, heading } of SIGNED_IN_PAGES) {
          await gotoHydrated(page, path);
          await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
          await expect(page.getByRole('button', { name: `AL ${SAVER_NAME}, account menu`, exact: true }), path).toBeVisible();
          const menu = await openAccountMenu(page);
          await expect(menu.getByTestId('account-menu-name')).toHaveText(SAVER_NAME);
          await expect(menu.getByTestId('account-menu-email')).toHaveText(email);
          await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
          expect(await violations(), `${path} ${width} ${theme}`).toEqual([]);
          await page.keyboard.press('Escape');
        }
        for (const path of width === 375 ? ['/', '/legal/risk', '/yields-explained', '/mobile'] : ['/']) {
          await setPageDate(page, DURING_CAMPAIGN);
          await gotoHydrated(page, path);
          await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
          // public-a11y.spec.ts checks the home page whole at both widths: signed in, only its header differs.
          expect(await violations(path === '/' ? 'header' : undefined), `${path} ${width} ${theme}`).toEqual([]);
        }
        // Inline errors: the waitlist on the coloured mobile section and the contact form.
        await gotoHydrated(page, '/');
        const waitlist = page.locator('#mobile').getByTestId('waitlist-form');
        await waitlist.getByRole('button', { name: 'Join Waitlist' }).click();
        await expect(waitlist.getByTestId('field-error')).toBeVisible();
        expect(await violations('#mobile'), `waitlist error ${width} ${theme}`).toEqual([]);
        await gotoHydrated(page, '/support#contact');
        await page.getByTestId('contact-form').getByRole('button', { name: 'Send Message' }).click();
        await expect(page.getByTestId('contact-form').getByRole('alert')).toHaveCount(4);
        expect(await violations('[data-testid="contact-form"]'), `contact errors ${width} ${theme}`).toEqual([]);
        await context.close();
      });
    }
  }
});
